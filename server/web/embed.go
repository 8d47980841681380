// Package web is the web table's client: plain HTML, CSS and JavaScript
// files, embedded in the binary, so that nothing but Go is needed to build
// it. index.html is the lobby, table.html a seat's (or a spectator's) page;
// the rest is served under /static/.
package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed *.html *.css *.js
var files embed.FS

// Page returns one of the pages.
func Page(name string) ([]byte, error) { return fs.ReadFile(files, name) }

// Static serves the embedded files and nothing else: a path outside them
// (../, an absolute path, a folder) is not found.
func Static() http.Handler {
	fsrv := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := files.Open(r.URL.Path)
		if err != nil || r.URL.Path == "" {
			http.NotFound(w, r)
			return
		}
		st, err := f.Stat()
		f.Close()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		fsrv.ServeHTTP(w, r)
	})
}
