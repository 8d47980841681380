module github.com/tabletop/tabletop

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/yuin/gopher-lua v1.1.2
)

require (
	github.com/alecthomas/kong v1.17.0 // indirect
	github.com/alecthomas/repr v0.5.2 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
	github.com/peterh/liner v1.2.3 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
