module github.com/tabletop/tabletop

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/yuin/gopher-lua v1.1.2
)

require github.com/alecthomas/repr v0.5.2 // indirect
