package execbot

// Protocol is the version of the protocol this engine speaks. A program
// that names another in its ready message is refused.
const Protocol = 1

// The messages, one JSON object a line, each with its "type" first. The
// field names are the protocol's (docs/exec-bots.md): change them only
// with a new Protocol.

// hello opens a match: what the seat knows before the game starts.
type hello struct {
	Type     string            `json:"type"` // "hello"
	Protocol int               `json:"protocol"`
	Game     string            `json:"game"`   // the title
	Script   string            `json:"script"` // a built-in game's name, or the script's path
	Seat     int               `json:"seat"`
	Players  int               `json:"players"`
	Seats    []seatJSON        `json:"seats"`
	Options  map[string]string `json:"game_options"` // every option in force, defaults included
	Seed     uint64            `json:"seed"`         // for the program's own random numbers (below 2^53)
	TimeMS   int64             `json:"time_ms"`      // the time per decision
	Fallback string            `json:"fallback"`
}

type seatJSON struct {
	Seat  int    `json:"seat"`
	Label string `json:"label"`
}

// ready is the program's answer to hello.
type ready struct {
	Type     string `json:"type"` // "ready"
	Protocol *int   `json:"protocol"`
	Observe  bool   `json:"observe"`
	Name     string `json:"name"`
}

// observe is one log line the seat may read.
type observe struct {
	Type    string         `json:"type"` // "observe"
	Text    string         `json:"text"`
	Private bool           `json:"private,omitempty"` // not every seat reads it
	Event   map[string]any `json:"event,omitempty"`   // t:event's data
}

// decide asks for a decision.
type decide struct {
	Type     string       `json:"type"`     // "decide"
	Decision int          `json:"decision"` // the seat's decisions in this match, this one included
	Hint     string       `json:"hint,omitempty"`
	Secret   bool         `json:"secret,omitempty"` // a simultaneous choice the others see later
	Options  []optionJSON `json:"options"`
	TimeMS   int64        `json:"time_ms"`
	View     viewJSON     `json:"view"`
}

type optionJSON struct {
	Index int    `json:"index"` // from 0
	Text  string `json:"text"`
}

// choose is the program's answer to decide: an index or a text.
type choose struct {
	Type  string  `json:"type"` // "choose"
	Index *int    `json:"index"`
	Text  *string `json:"text"`
}

// bye closes a match.
type bye struct {
	Type   string      `json:"type"`   // "bye"
	Reason string      `json:"reason"` // "over", "abandoned" or "error"
	Error  string      `json:"error,omitempty"`
	Result *resultJSON `json:"result,omitempty"`
}

type resultJSON struct {
	Winners []int     `json:"winners"`
	Scores  []float64 `json:"scores"` // by seat, from seat 1
	Won     bool      `json:"won"`    // the seat is among the winners
}

// The reasons a bye gives.
const (
	reasonOver      = "over"      // the game ended: result says how
	reasonAbandoned = "abandoned" // the match ended before the game did (quit, undo, a script error)
	reasonError     = "error"     // the program said something wrong: error says what
)
