module turncoat

go 1.26.8
