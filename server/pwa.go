package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http"
	"sort"
	"strings"
	"sync"

	"turncoat/game"
	"turncoat/render"
)

// The installable app: the web app manifest, its icons (drawn by the renderer from a Reversi
// start, as the boards' pictures are) and the service worker that keeps the page, its modules
// and the engines for play without the network. The worker's source is web/static/sw.js; the
// server serves it at the root (its scope is the whole site) with the UI's version and the list
// of files to keep written in front of it, so a new deploy is a new worker that fetches the new
// files and drops the old ones.

// manifestPath, workerPath and iconPrefix are where the app's own files are served.
const (
	manifestPath = "/manifest.webmanifest"
	workerPath   = "/sw.js"
	iconPrefix   = "/icons/"
)

// appIcon is one icon of the manifest: its width (it is square) and whether it is drawn for
// masks (the board inside the circle a launcher may cut out, on a full background).
type appIcon struct {
	name     string
	size     int
	maskable bool
}

var appIcons = []appIcon{
	{"icon-192.png", 192, false},
	{"icon-512.png", 512, false},
	{"icon-maskable-512.png", 512, true},
}

// The colours the manifest asks the system to use around the page: the header's and the
// page's, as the style sheet's light theme sets them.
const (
	appThemeColour      = "#1f6f43"
	appBackgroundColour = "#f6f5f1"
)

// appManifest is the web app manifest: the page as an app of its own window, started at the
// home page, with the icons above.
func appManifest() []byte {
	type icon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	}
	m := struct {
		ID              string `json:"id"`
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		Description     string `json:"description"`
		StartURL        string `json:"start_url"`
		Scope           string `json:"scope"`
		Display         string `json:"display"`
		Orientation     string `json:"orientation"`
		ThemeColour     string `json:"theme_color"`
		BackgroundColor string `json:"background_color"`
		Icons           []icon `json:"icons"`
	}{ID: "/", Name: "Turncoat", ShortName: "Turncoat",
		Description: "Reversi, Turncoat, Turnover, Blocs and Troll: online, by post, and on this device without the network.",
		StartURL:    "/", Scope: "/", Display: "standalone", Orientation: "any",
		ThemeColour: appThemeColour, BackgroundColor: appBackgroundColour}
	for _, ic := range appIcons {
		purpose := "any"
		if ic.maskable {
			purpose = "maskable"
		}
		m.Icons = append(m.Icons, icon{Src: iconPrefix + ic.name, Sizes: fmt.Sprintf("%dx%d", ic.size, ic.size), Type: "image/png", Purpose: purpose})
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return b
}

// drawIcon draws an icon: the start of 4x4 Reversi without coordinates, cut out of its
// picture (the page's margin and the disc count under it left out), centred on a square; a
// maskable icon has the board within the middle 56% (inside the launcher's safe circle) on the
// board's frame colour.
func drawIcon(reg *game.Registry, ic appIcon) ([]byte, error) {
	g, err := reg.Lookup("reversi")
	if err != nil {
		return nil, err
	}
	o, err := game.ParseOptions(g.OptionSpecs(), map[string]string{"size": "4"})
	if err != nil {
		return nil, err
	}
	s, err := g.New(o)
	if err != nil {
		return nil, err
	}
	p, err := render.PositionOf(s)
	if err != nil {
		return nil, err
	}
	width := ic.size
	if ic.maskable {
		width = ic.size * 56 / 100
	}
	var pic bytes.Buffer
	if err := render.EncodePosition(&pic, render.PNG, p, render.Options{Size: max(width, render.MinSize), NoCoords: true}); err != nil {
		return nil, err
	}
	img, err := png.Decode(&pic)
	if err != nil {
		return nil, err
	}
	board := boardBounds(img)
	canvas := image.NewNRGBA(image.Rect(0, 0, ic.size, ic.size))
	if ic.maskable {
		// On the frame's colour the frame's outer edge, rounded on the page's colour, is
		// left out: the board's corners would show light on the dark background.
		frame := img.At(board.Min.X+board.Dx()/128+1, board.Min.Y+board.Dy()/2)
		draw.Draw(canvas, canvas.Bounds(), image.NewUniform(frame), image.Point{}, draw.Src)
		board = board.Inset(max(2, board.Dx()/64))
	}
	at := image.Pt((ic.size-board.Dx())/2, (ic.size-board.Dy())/2)
	draw.Draw(canvas, board.Sub(board.Min).Add(at), img, board.Min, draw.Src)
	if !ic.maskable {
		// The page's colour around the frame's rounded corners is left transparent.
		page := color.NRGBAModel.Convert(img.At(img.Bounds().Min.X, img.Bounds().Min.Y))
		for y := range ic.size {
			for x := range ic.size {
				if canvas.At(x, y) == page {
					canvas.Set(x, y, color.NRGBA{})
				}
			}
		}
	}
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, canvas); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// boardBounds finds the board in a picture: the first band of rows from the top holding a
// pixel other than the page's colour (the picture's corner), and the columns those rows use.
func boardBounds(img image.Image) image.Rectangle {
	b := img.Bounds()
	page := color.NRGBAModel.Convert(img.At(b.Min.X, b.Min.Y))
	r := image.Rectangle{Min: b.Max, Max: b.Min}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		inked := false
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.NRGBAModel.Convert(img.At(x, y)) != page {
				inked = true
				r.Min.X, r.Max.X = min(r.Min.X, x), max(r.Max.X, x+1)
			}
		}
		if inked {
			r.Min.Y, r.Max.Y = min(r.Min.Y, y), y+1
		} else if r.Max.Y > r.Min.Y {
			break // the gap above the disc count
		}
	}
	if r.Empty() {
		return b
	}
	return r
}

// appIconSet draws the icons once, when first asked for.
type appIconSet struct {
	once  sync.Once
	pngs  map[string][]byte
	err   error
	draws func() (map[string][]byte, error)
}

func (s *appIconSet) get(name string) ([]byte, error) {
	s.once.Do(func() { s.pngs, s.err = s.draws() })
	if s.err != nil {
		return nil, s.err
	}
	return s.pngs[name], nil
}

// workerScript is the service worker as served: the UI's version and the paths the worker
// keeps (the page, every UI file under the versioned prefix, the manifest and its icons, the
// games' list), then the worker's source.
func workerScript(source []byte, version string, files []string) []byte {
	keep := []string{"/", manifestPath, "/api/kinds"}
	for _, ic := range appIcons {
		keep = append(keep, iconPrefix+ic.name)
	}
	sort.Strings(files)
	for _, f := range files {
		if f == "/index.html" || f == workerPath {
			continue // the page is kept as "/"; the worker is not a file of the page
		}
		keep = append(keep, versionPrefix+version+f)
	}
	head, _ := json.Marshal(struct {
		Version string   `json:"version"`
		Files   []string `json:"files"`
	}{version, keep})
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Written by the server: the UI's version and the files kept for play without the network.\nself.turncoatWorker = %s;\n\n", head)
	b.Write(source)
	return b.Bytes()
}

// appRoutes serves the manifest and the icons (the worker is one of the UI's files: see
// webRoutes).
func (s *Server) appRoutes(mux *http.ServeMux) {
	if s.cfg.Web == nil {
		return // no page, nothing to install
	}
	manifest := appManifest()
	mux.HandleFunc("GET "+manifestPath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/manifest+json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(manifest)
	})
	icons := &appIconSet{draws: func() (map[string][]byte, error) {
		out := map[string][]byte{}
		for _, ic := range appIcons {
			b, err := drawIcon(s.reg, ic)
			if err != nil {
				return nil, err
			}
			out[ic.name] = b
		}
		return out, nil
	}}
	mux.HandleFunc("GET "+iconPrefix+"{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		if !strings.HasSuffix(name, ".png") {
			http.NotFound(w, r)
			return
		}
		b, err := icons.get(name)
		if err != nil {
			s.log.Error("drawing the app's icons", "error", err)
			http.Error(w, "the icons could not be drawn", http.StatusInternalServerError)
			return
		}
		if b == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Write(b)
	})
}
