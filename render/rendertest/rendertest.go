// Package rendertest reads back what package render lays out, as a person
// at the screen reads it, for the tests of render and of the programs that
// show its lists.
package rendertest

import (
	"regexp"
	"strconv"
	"strings"
)

// cell is a move of a grouped list: its number, then the rest of it.
var cell = regexp.MustCompile(`(\d+)\.(?: |$)(.*?)(?:  +|$)`)

// HasMoves reports whether a line of a list of moves shows any.
func HasMoves(line string) bool { return cell.MatchString(line) }

// ReadList reads a list of legal moves (render.Options, grouped or not)
// as a person reads it: each number with the whole move it stands for — the
// words its group shares, then the rest beside the number — in the order
// the numbers are shown.
func ReadList(lines []string) (numbers []int, moves map[int]string) {
	moves = map[int]string{}
	key := ""
	for _, l := range lines {
		at := cell.FindAllStringSubmatchIndex(l, -1)
		if len(at) == 0 {
			key = strings.TrimSpace(l) // a group's words on a line of their own
			continue
		}
		if k := strings.TrimSpace(l[:at[0][0]]); k != "" {
			key = k
		}
		for _, m := range at {
			n, _ := strconv.Atoi(l[m[2]:m[3]])
			numbers = append(numbers, n)
			moves[n] = strings.TrimSpace(key + " " + l[m[4]:m[5]])
		}
	}
	return numbers, moves
}
