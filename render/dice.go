package render

import (
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// DiceText is a cup's dice as a person reads them: "[3] [5] [?]", a die
// the seat may not see as [?].
func DiceText(faces []int) string {
	var b strings.Builder
	for i, f := range faces {
		if i > 0 {
			b.WriteByte(' ')
		}
		if f == 0 {
			b.WriteString("[?]")
			continue
		}
		b.WriteString("[" + strconv.Itoa(f) + "]")
	}
	return b.String()
}

// diceLine is a cup's dice in a view's text: "[3] [5] [?]", or "(no
// dice)".
func diceLine(d interp.DiceView) string {
	if len(d.Faces) == 0 {
		return "(no dice)"
	}
	return DiceText(d.Faces)
}
