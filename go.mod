module turncoat

go 1.26.8

require (
	golang.org/x/sys v0.49.0
	pgregory.net/rapid v1.3.0
)
