---@meta
-- LuaLS annotations for the tabletop script API. Point your editor's Lua
-- language server at this file (see docs/scripting.md, "Editor support") and
-- it completes and checks the methods of `t`, zones, pools, tracks, pads, bot
-- views and the scenario-test API. Nothing here runs: it only describes.

-------------------------------------------------------------------------------
-- The game table a script returns
-------------------------------------------------------------------------------

---@class GameOption
---@field default number|string|boolean  The value when the player sets none; its type is the option's kind (number, boolean, text).
---@field help? string                   One line for `tabletop play GAME --help`.
---@field choices? string[]              The values a text option takes (single words): a choice.
---@field min? number                    A number option's lowest value.
---@field max? number                    A number option's highest value.
---@field integer? boolean               A number option takes whole numbers only.
---@field kind? "number"|"boolean"|"choice"|"text"  Says the kind; it must agree with the default and choices.

---@class Game
---@field title string                   The game's name.
---@field about? string                  One line about it.
---@field players integer[]              `{min, max}` players.
---@field seats? string[]|table<integer, string[]>  Seat names, or names by player count.
---@field options? table<string, GameOption>  Options a player may set with `--set name=value`.
---@field bots? table<string, BotFunction>  Bots by name; the first (or `bots.order[1]`) is the default.
---@field tools? table<string, ToolFunction>  Read-only REPL helpers by name (e.g. `notes`).
---@field search? GameSearch             Advice to the search bot (`bot:search`).
---@field determinize? fun(t: Table, seat: Seat): boolean  Accepts or rejects a world a search bot imagined for `seat` (it may not move cards).
---@field belief? BeliefFunction          What a seat's view tells of the cards it cannot see, for the search bot (docs/scripting.md, "Belief").
---@field play fun(t: Table): GameResult  The game itself, run as a coroutine; its result ends the game.
---@field on_say? fun(t: Table, seat: Seat, text: string)  Called when a seat says something at the table (`say`); may change state, may not ask.

---@class GameSearch
---@field rollout? string                "random" or one of the game's bots: what plays the search's rollouts unless `bot:search:NAME` says otherwise (default: the game's default bot).
---@field steps? integer                 At most this many decisions in a rollout, unless `bot:search:steps=N` says otherwise (default: to the end of the round).

---@class GameResult
---@field winners Seat[]                 The winning seats, each once (several share the win; {} when nobody wins).
---@field scores? number[]               A number for every seat; defaults to the first pad's totals. Nothing else: a result that is not one stops the game with an error at play's return.

---@alias Seat integer  A seat number, 1..t.players, clockwise.

---@alias BotFunction fun(view: View, options: string[], seat: Seat): integer|string, (integer|string)[]?
--- A bot returns the 1-based index of the option it picks, or its text, and
--- optionally the options it rates next, best first (bot:search, guided by
--- it, searches its choice and the head of that list). It runs
--- in a Lua state of its own and sees only `view`: its seat's view, kept from
--- one decision to the next and brought up to date (a new view: a new game).

---@alias ToolFunction fun(view: View, seat: Seat): string

---@alias BeliefFunction fun(view: View, seat: Seat, asked: BeliefAsked[]): BeliefFact[]
--- Runs like a bot, on `seat`'s view, whenever a search bot of that seat
--- decides; returns what the rules say of the cards the seat cannot see.

---@class BeliefAsked
---@field seat Seat                      The seat decision k was asked of (asked[k]).
---@field log integer                    How many lines of `view.log` the seat had read when it was asked.
---@field events integer                 How many of `view.events`.
---@field say? true                      A line said at the table, not an answer.
---@field shared? true                   People shared the keyboard then: `t:offer` asked every seat.

---@class BeliefFact
---@field at? integer                    The decision at whose prompt it held (`#asked + 1`, or nil: now).
---@field seat? Seat                     The zone's owner (nil: a table zone).
---@field zone string                    The zone's name.
---@field none? string[]                 Card names: it held none of them.
---@field some? string[]                 Card names: it held at least `n` of them.
---@field n? integer                     With `some`: how many (default 1).

-------------------------------------------------------------------------------
-- t: the table, passed to play(t)
-------------------------------------------------------------------------------

---@class Table
---@field players integer                The number of seats.
---@field options table<string, any>     Option values (numbers, strings, booleans).
local Table = {}

--- The game's name for a seat ("North").
---@param seat Seat
---@return string
function Table:name(seat) end

--- Names a seat from now on (the character a player chose): distinct, one
--- line of 1 to 40 bytes. Zones keep the labels they were made with.
---@param seat Seat
---@param label string
function Table:set_name(seat, label) end

--- The seat to the left (the next clockwise).
---@param seat Seat
---@return Seat
function Table:left(seat) end

--- The seat to the right.
---@param seat Seat
---@return Seat
function Table:right(seat) end

--- Every seat in clockwise order, starting with `from` (default 1).
---@param from? Seat
---@return Seat[]
function Table:seats(from) end

---@class ZoneSpec
---@field name string                    Short name (also the key in bot views).
---@field label? string                  Shown to people (default: "North's hand").
---@field owner? Seat                    The seat that owns it.
---@field visibility? "hidden"|"owner"|"all"  Who sees its cards (default hidden).
---@field shown? boolean                 Whether it appears in views (default true).

--- A new zone: a deck, a hand, a pile, a trick. Cards in it are seen by the
--- seats its visibility allows, plus seats that know a card (t:show).
---@param spec ZoneSpec
---@return Zone
function Table:zone(spec) end

--- Brings cards into the game, into `zone`. Each definition is a table with at
--- least a unique-ish `name` (used in moves) and optionally a `label` (shown);
--- it becomes the card (an `id` is added). Returns the cards.
---@param defs table[]
---@param zone Zone
---@return Card[]
function Table:cards(defs, zone) end

--- The card with this name (the first one, when names repeat).
---@param name string
---@return Card?
function Table:card(name) end

--- Moves a card to the top of a zone (or to position `pos` from the bottom).
--- Seats that could see the card where it was keep knowing it. `check`
--- flags a card whose knowledge outlived its reason (it went into a hidden
--- zone unshuffled, and comes out into a zone only its owner sees) unless
--- the move says `{ known = true }`: the knowledge is meant.
---@param card Card
---@param zone Zone
---@param pos? integer|MoveOptions
function Table:move(card, zone, pos) end

---@class MoveOptions
---@field pos? integer                   Position from the bottom (default: the top).
---@field known? boolean                 The seats that know the card are meant to go on knowing it (a card passed face up).

--- The zone a card lies in.
---@param card Card
---@return Zone
function Table:where(card) end

--- Lets seats know a card wherever it lies (a card shown in secret).
---@param card Card
---@param seats Seat|Seat[]
function Table:show(card, seats) end

--- Lets everyone know a card until its zone is shuffled.
---@param card Card
function Table:reveal(card) end

--- Forgets who knew a card (a tray turned face down).
---@param card Card
function Table:hide(card) end

--- Whether a seat may see which card this is.
---@param card Card
---@param seat Seat
---@return boolean
function Table:visible(card, seat) end

---@class PoolSpec
---@field name string
---@field label? string
---@field kinds string[]                 The kinds of piece ("white", "purple", ...).
---@field supply integer|table<string, integer>  How many of each kind exist.
---@field shown? boolean

--- A pool of counted pieces with a limited supply: chips, betting pieces.
---@param spec PoolSpec
---@return Pool
function Table:pool(spec) end

---@class TrackSpec
---@field name string
---@field label? string
---@field min integer
---@field max integer
---@field start? integer                 Where every marker starts (default min).
---@field shown? boolean

--- A scoring track with one marker per seat, kept within [min, max].
---@param spec TrackSpec
---@return Track
function Table:track(spec) end

--- A score sheet: a row per hand or round, a column per seat.
---@param spec {name?: string, label?: string, shown?: boolean}
---@return Pad
function Table:pad(spec) end

--- A public status line every view shows, under `key` (nil text removes it).
--- `text` may be a function of the seat looking, drawn only when a view is
--- drawn (nil: that seat sees no such note); it may only read the game:
--- methods that change it are refused, and math.random does not touch the
--- game's generator. `value` is handed to bots as `view.facts[key]`.
---@param key string
---@param text? string|fun(seat: Seat|0): string?
---@param value? string|number|boolean
function Table:note(key, text, value) end

--- Formats like t:log and returns the text.
---@param fmt string
---@return string
function Table:format(fmt, ...) end

--- A uniform random integer in 1..n, from the game's generator.
---@param n integer
---@return integer
function Table:random(n) end

--- Rolls `count` dice with `sides` sides (default one six-sided die).
---@param sides? integer
---@param count? integer
---@return integer ...
function Table:roll(sides, count) end

---@class DiceSpec
---@field name? string                   Default "cup".
---@field label? string                  Default "<owner>'s cup".
---@field owner? Seat                    The seat that sees under the cup (none when absent).
---@field count? integer                 How many dice (default 1, at most 100).
---@field sides? integer                 Faces of each die (default 6).
---@field shown? boolean

--- Dice thrown under a cup: their faces are secret to all but the cup's
--- owner until revealed. They are thrown as the cup is made.
---@param spec DiceSpec
---@return Dice
function Table:dice(spec) end

--- Shuffles a Lua list in place with the game's generator and returns it.
---@generic T
---@param list T[]
---@return T[]
function Table:shuffle(list) end

--- A public log line. `fmt` takes %s (anything; cards by label, lists of
--- cards), %d (an integer), %p (a seat's name) and %%.
---@param fmt string
function Table:log(fmt, ...) end

--- A private log line for one seat or a list of seats.
---@param seats Seat|Seat[]
---@param fmt string
function Table:tell(seats, fmt, ...) end

--- A log line that also carries data for bots (`view.events`). `to` is "all",
--- a seat or a list of seats; `data` holds plain values, lists and cards
--- (bots get cards by name).
---@param to "all"|Seat|Seat[]
---@param data table
---@param fmt string
function Table:event(to, data, fmt, ...) end

--- Measures something a designer cares about over many games (`tabletop sim`
--- and `tabletop compare` report it): adds `value` (default 1) to the
--- game's metric `name`, which starts at 0, and returns the new total.
--- `t:metric(name, 0)` declares a metric, so it is reported as 0 in games
--- where it never happened; the first metric a game names is its main one.
--- Names are letters, digits, _ and -; at most 32 metrics a game. Metrics
--- are for reports only: no view, log or save shows them.
---@param name string
---@param value? number
---@return number total
function Table:metric(name, value) end

--- Tells the search bot where the seats stand mid-game: `f()` returns, for
--- each seat in order, the points (as the game's pad or track counts them)
--- it stands to add from what lies on the table now. Search bots call it
--- only in the games they imagine, to value a game they stopped early
--- (`Game.search.steps`); it may read anything there, but only looks: a
--- method that changes the game is refused. `nil` removes it.
---@param f (fun(): number[])|nil
function Table:estimate(f) end

---@class AskOptions
---@field hint? string                   What is being decided ("your lead").
---@field secret? boolean                Part of a simultaneous secret choice.
---@field verb? string                   For card options: text is verb .. " " .. card.name.

---@class HintOptions
---@field hint? string                   What is being decided.
---@field verb? string                   For card options: text is verb .. " " .. card.name.

--- Asks a seat to choose one of a finite list of options and returns the
--- chosen option itself. An option is a string, a table with a `text` field,
--- or a card. Option texts must be distinct and use only letters, digits,
--- + - ' _ and spaces. A field of `how` other than AskOptions', or one of the
--- wrong type, is an error (as is an unknown field in any table of named
--- arguments, and more arguments than a method takes).
---@generic T
---@param seat Seat
---@param options T[]
---@param how? string|AskOptions
---@return T
function Table:ask(seat, options, how) end

--- A simultaneous secret choice: each seat answers without seeing the others'
--- answers. `options` is a list or a function(seat) returning one; `hint` a
--- text or {hint =, verb =}, as for t:ask.
---@param seats Seat[]
---@param options any[]|fun(seat: Seat): any[]
---@param hint? string|HintOptions
---@return table<Seat, any>
function Table:ask_all(seats, options, hint) end

--- An out-of-turn reaction offered to seats in order: options(seat) returns
--- the seat's possible reactions (nil or empty: the seat is not asked, unless
--- `always`, when it is asked with only "pass" so that being asked gives
--- nothing away; when two or more people share the table every seat is asked so).
--- Each asked seat may "pass". Returns the first seat that reacts and its
--- choice. Its prompts are answer windows (a scenario's prompt kind "window").
---@param seats Seat[]
---@param options any[]|fun(seat: Seat): any[]?
---@param hint? string|HintOptions
---@param always? boolean
---@return Seat?, any
function Table:offer(seats, options, hint, always) end

---@class BoardSpec
---@field map string                     The map, one character a square, every line as wide as the first.
---@field legend table<string, string|table>  What each character is: "outside", "corridor", "passage", {start = token}, {room = name, label =, color =}, {door = room}, {block = name, label =, color =}.
---@field name? string
---@field title? string
---@field shown? boolean

--- A board of squares and rooms (see docs/scripting.md, "Boards"). A
--- malformed map is an error naming its line and column.
---@param spec BoardSpec
---@return Board
function Table:board(spec) end

-------------------------------------------------------------------------------
-- Cards, zones, pools, tracks, pads, boards
-------------------------------------------------------------------------------

---@class Card
---@field id integer                     Added by t:cards.
---@field name string                    Used in moves ("JC").
---@field label? string                  Shown to people ("J♣").

---@class Zone
local Zone = {}
--- Moves a card (or a list of cards) here, on top (or at `pos` from the bottom).
---@param card Card|Card[]
---@param pos? integer|MoveOptions
function Zone:add(card, pos) end
--- The cards, bottom to top. Asking again while the zone is unchanged gives
--- the same list, unless it was changed (sorted, added to): then a new one.
---@return Card[]
function Zone:cards() end
--- The cards, bottom to top, whose `field` equals one of the values (a new
--- list): the cards that may follow a suit, `hand:filter("suit", led, trump)`.
---@param field string
---@param ... any
---@return Card[]
function Zone:filter(field, ...) end
--- How many cards have each value of `field`: `hand:tally("suit").C`.
--- Given a list of values, the counts come as a list in their order (0 for
--- none): `hand:tally("suit", { "C", "D", "H", "S" })[1]`.
---@param field string
---@param values? any[]
---@return table<any, integer>
function Zone:tally(field, values) end
---@return integer
function Zone:count() end
---@return boolean
function Zone:empty() end
---@return Card?
function Zone:top() end
---@return Card?
function Zone:bottom() end
--- The card at 1-based position i from the bottom.
---@param i integer
---@return Card?
function Zone:at(i) end
---@param card Card
---@return boolean
function Zone:contains(card) end
--- The first card with this name in the zone.
---@param name string
---@return Card?
function Zone:find(name) end
--- Shuffles the zone with the game's generator; nobody knows its cards after.
function Zone:shuffle() end
--- Moves n cards (default 1) from the top to another zone; returns how many.
---@param to Zone
---@param n? integer
---@return integer
function Zone:deal(to, n) end
--- Moves every card to another zone.
---@param to Zone
function Zone:move_all(to) end
--- Sorts the zone by a card field (default "order").
---@param field? string
function Zone:sort(field) end
---@return Seat?
function Zone:owner() end
---@return string
function Zone:name() end
---@param visibility "hidden"|"owner"|"all"
function Zone:set_visibility(visibility) end
---@param label string
function Zone:set_label(label) end

---@class Dice
local Dice = {}
--- Throws every die again (or die `i`): the new faces are secret to all
--- but the owner, whoever saw the old ones.
---@param i? integer
function Dice:roll(i) end
--- Lets everyone (or the seats `to`) see the dice (or the dice listed)
--- until they are thrown again.
---@param how? { to?: Seat|Seat[], dice?: integer[] }
function Dice:reveal(how) end
--- Takes die `i` (default the last) away; returns its face.
---@param i? integer
---@return integer
function Dice:remove(i) end
--- Every face in order (the rules are the referee); with a seat, the faces
--- that seat may see, 0 for the others.
---@param seat? Seat
---@return integer[]
function Dice:faces(seat) end
--- How many dice show a face.
---@param face integer
---@return integer
function Dice:count(face) end
--- How many dice are under the cup (also #cup).
---@return integer
function Dice:size() end
---@return Seat?
function Dice:owner() end
---@return integer
function Dice:sides() end
---@return string
function Dice:name() end

---@alias Holder Seat|string  A seat, or a named place ("board", "lost").

---@class Pool
local Pool = {}
--- From the supply to a holder; returns how many (fewer if the supply is short).
---@param holder Holder
---@param kind string
---@param n? integer
---@return integer
function Pool:give(holder, kind, n) end
--- From a holder back to the supply; returns how many.
---@param holder Holder
---@param kind string
---@param n? integer
---@return integer
function Pool:take(holder, kind, n) end
--- From one holder to another; returns how many.
---@param from Holder
---@param to Holder
---@param kind string
---@param n? integer
---@return integer
function Pool:move(from, to, kind, n) end
--- How many a holder has of a kind (or of all kinds).
---@param holder Holder
---@param kind? string
---@return integer
function Pool:count(holder, kind) end
---@param kind string
---@return integer
function Pool:supply(kind) end
---@param kind string
---@return integer
function Pool:total(kind) end
---@return string[]
function Pool:kinds() end
--- Every handful of exactly k pieces the supply can give leaving at least
--- `leave` (default 0) of each kind, as options for t:ask: a field per kind
--- (0 for none), `count` (k) and `text` (`verb`, default "take", and the
--- kinds taken: "take 2 white 3 green"). The most of the first kind first;
--- the same handful is the same table every time while unchanged.
---@param k integer
---@param leave? integer
---@param verb? string
---@return table[]
function Pool:handfuls(k, leave, verb) end

---@class Track
local Track = {}
---@param seat Seat
---@return integer
function Track:get(seat) end
---@param seat Seat
---@param value integer
---@return integer
function Track:set(seat, value) end
--- Moves a marker by n, never past the ends; returns where it lands.
---@param seat Seat
---@param n integer
---@return integer
function Track:advance(seat, n) end

---@class Pad
local Pad = {}
--- Adds a row: a label, scores by seat and an optional note ("scramble").
---@param label string
---@param scores integer[]
---@param note? string
function Pad:add(label, scores, note) end
---@param seat Seat
---@return integer
function Pad:total(seat) end
---@return integer[]
function Pad:totals() end
---@return integer
function Pad:rows() end

---@alias Place string  A room's name, or a square named by column letter and row ("f7").

---@class MoveOptions
---@field mode? "orthogonal"|"diagonal"|"king"  How the token steps: straight (default), diagonally only, or to any of the eight neighbours.
---@field exact? boolean                 Squares reached by exactly the throw (default true).

---@class Board
local Board = {}
--- A new token, on its start square unless `at` names another place. `seat` is the seat whose token it is (its screen centres on it when the board does not fit).
---@param spec {name: string, label?: string, glyph?: string, color?: string, at?: Place, seat?: integer}
---@return string
function Board:token(spec) end
--- Makes a token a seat's (nil: nobody's): that seat's screen centres on it when the board does not fit.
---@param token string
---@param seat? integer
function Board:set_owner(token, seat) end
--- Puts a token in a room or on a free square (nil: off the board), whatever the distance.
---@param token string
---@param where Place?
function Board:place(token, where) end
--- Where a token is, and whether that is a "room" or a "square"; nil when off the board.
---@param token string
---@return Place?, string?
function Board:where(token) end
--- The room a token is in, or nil.
---@param token string
---@return string?
function Board:room_of(token) end
--- The token on a square, or nil.
---@param square Place
---@return string?
function Board:occupant(square) end
--- The places a throw of `steps` takes the token to: rooms first, then squares.
---@param token string
---@param steps integer
---@param opts? MoveOptions
---@return Place[]
function Board:reachable(token, steps, opts) end
--- Moves a token; with `steps`, only to a place reachable with that throw.
---@param token string
---@param dest Place
---@param steps? integer
---@param opts? MoveOptions
function Board:move(token, dest, steps, opts) end
--- A shortest way there around the tokens, as the places stepped on; nil if none.
---@param token string
---@param dest Place
---@param opts? MoveOptions
---@return Place[]?
function Board:path(token, dest, opts) end
--- The fewest orthogonal steps from a token, square or room into a room, ignoring tokens; nil if none.
---@param from string
---@param room string
---@return integer?
function Board:distance(from, room) end
--- The room a room's secret passage leads to, or nil.
---@param room string
---@return string?
function Board:passage(room) end
--- The room names in map order.
---@return string[]
function Board:rooms() end
--- The squares outside a room's doors.
---@param room string
---@return Place[]
function Board:entries(room) end
--- The label of a room or token.
---@param name string
---@return string
function Board:label(name) end
--- The token names in the order they were made.
---@return string[]
function Board:tokens() end
--- Text drawn beside the map, for every seat or one seat only (a notepad); nil clears it.
--- `lines` may be a function of the seat looking (0: a spectator), drawn only
--- when a view is drawn, as a note function is (see Table:note); give no seat.
---@param lines string[]|string|fun(seat: Seat|0): (string[]|string|nil)|nil
---@param seat? Seat
function Board:sidebar(lines, seat) end
--- Marks squares (the destinations of a throw) in one seat's view; nil clears.
---@param places Place[]?
---@param seat? Seat
function Board:highlight(places, seat) end
--- The board as plain text, as a seat sees it.
---@param seat? Seat
---@return string
function Board:text(seat) end

-------------------------------------------------------------------------------
-- require "tricks", "melds" and "holders": clauses and bots' reasoning run in
-- Go, on any list of card tables or values (in games, bots, tools and tests)
-------------------------------------------------------------------------------

---@class tricks
local tricks = {}
--- The index of the card that wins a trick, and of the best other card that
--- could have won (nil when none could). A card's strength is its rank plus the
--- weight of its suit; a card whose suit has no weight cannot win: `{ [led] = 0 }`
--- is the highest card of the suit led, `{ [led] = 0, [trump] = 100 }` adds a
--- trump. Ties go to the card played first.
---@param cards table[]
---@param weights table<string, number>
---@param rank? string  The cards' rank field (default "rank").
---@param suit? string  The cards' suit field (default "suit").
---@return integer?, integer?
function tricks.winner(cards, weights, rank, suit) end
--- How many of the cards have every field of the pattern: `{ suit = "C" }`.
---@param cards table[]
---@param pattern table<string, any>
---@return integer
function tricks.count(cards, pattern) end

---@class melds
local melds = {}
--- How many of the cards have each value 1..top in field (default "value"):
--- the counts melds.all and melds.extensions take.
---@param cards table[]
---@param top integer
---@param field? string
---@return integer[]
function melds.counts(cards, top, field) end
--- Every meld a hand can lay, value by value: the sets of one to all copies of
--- the value, then the runs of two or more consecutive values starting with it.
--- A fresh list, but the same table for the same meld each time (while unchanged).
--- With make: make(meld) for each meld instead, made the first time this make
--- function meets the meld's values and the same value after that, appended to
--- into (a fresh list when nil), which is returned. make must not ask or yield.
---@param counts table<integer, integer>  Cards of each value 1..top.
---@param top integer
---@param make? fun(meld: integer[]): any
---@param into? table
---@return table
function melds.all(counts, top, make, into) end
--- The groups of hand cards that, laid with base, make one meld: more of a
--- set's value; for different values, every run they can become (gaps filled,
--- extended down, up or both). with_empty includes {} when base is a meld.
--- The same table for the same meld each time, as melds.all; make and into as
--- in melds.all.
---@param base integer[]|Zone  A list of values, or a zone: its cards' values.
---@param counts table<integer, integer>
---@param top integer
---@param with_empty? boolean
---@param make? fun(meld: integer[]): any
---@param into? table
---@return table
function melds.extensions(base, counts, top, with_empty, make, into) end
--- The groups of hand cards that, laid with the melds a and b together, make
--- one meld: melds.extensions of all their values. None when they cannot: a
--- set with anything but its value, a value both hold, or a gap between them
--- the hand cannot fill. make and into as in melds.all.
---@param a integer[]|Zone
---@param b integer[]|Zone
---@param counts table<integer, integer>
---@param top integer
---@param with_empty? boolean
---@param make? fun(meld: integer[]): any
---@param into? table
---@return table
function melds.joins(a, b, counts, top, with_empty, make, into) end
--- melds.joins of every pair in one call: each meld as[i] in turn with each meld
--- bs[j] in turn, what makers[i][keys[j]] makes of each group (makers[i][j]
--- without keys; the melds themselves without makers), appended to into (a
--- fresh list when nil), which is returned. as[i] = {} gives the groups that
--- extend bs[j], bs[j] = {} those that extend as[i]; a meld of as whose
--- makers[i] is false is left out. makers[i] is read (its __index included)
--- only for a pair that has groups. A meld may be a zone (its cards' values).
---@param as (integer[]|Zone)[]
---@param makers? (table<any, fun(meld: integer[]): any>|false)[]
---@param bs (integer[]|Zone)[]
---@param keys? any[]
---@param counts table<integer, integer>
---@param top integer
---@param with_empty? boolean
---@param into? table
---@return table
function melds.joins_each(as, makers, bs, keys, counts, top, with_empty, into) end

---@class holders
local holders = {}
--- A solver for who holds which card: cards 1..cards, each in exactly one of
--- the places 0..places (seats, a deck, an envelope: the script says which).
--- State what is known, then solve; facts may be added after a solve and
--- solve called again, with the same result as solving them all at once.
---@param cards integer  1 to 1000
---@param places integer  0 to 100
---@return Holders
function holders.new(cards, places) end

---@class Holders
local Holders = {}
--- The card lies in the place.
---@param card integer
---@param place integer
function Holders:holds(card, place) end
--- The card does not lie in the place.
---@param card integer
---@param place integer
function Holders:lacks(card, place) end
--- The place holds exactly n of the cards listed (nil: of all the cards).
---@param place integer
---@param n integer
---@param cards? integer[]
function Holders:exactly(place, n, cards) end
--- The place holds at least one of the cards listed.
---@param place integer
---@param cards integer[]
function Holders:some(place, cards) end
--- Works out what follows: applies the facts until nothing changes, then
--- tries each remaining possibility and drops those that lead to a
--- contradiction. false when the facts contradict each other (for good).
---@return boolean
function Holders:solve() end
--- Whether the card may still lie in the place.
---@param card integer
---@param place integer
---@return boolean
function Holders:may(card, place) end
--- In how many places the card may still lie.
---@param card integer
---@return integer
function Holders:places(card) end
--- The card's place once only one is left, else nil.
---@param card integer
---@return integer?
function Holders:holder(card) end

-------------------------------------------------------------------------------
-- What a bot (or tool) sees: its seat's view
-------------------------------------------------------------------------------

---@class ZoneView
---@field name string
---@field label string
---@field owner Seat|0
---@field count integer                  How many cards it holds.
---@field cards table[]                  The cards this seat may see (copies of their plain fields).

---@class DiceView
---@field name string
---@field label string
---@field owner? Seat
---@field sides integer
---@field faces integer[]                Each die's face, or 0 for one this seat may not see.

---@class View
---@field seat Seat
---@field players integer
---@field settings table<string, any>    The game's options in force (--set), as t.options has them.
---@field names string[]                 Seat names (a player's own name where he gave one).
---@field turn Seat|0                    The seat to act.
---@field hint string
---@field options string[]               The legal options, when it is this seat's turn.
---@field values any[]                   What each option is: the string, card (the seat's copy) or table (a copy) given to t:ask.
---@field done boolean
---@field zones ZoneView[]
---@field mine table<string, ZoneView>   This seat's zones by name.
---@field table table<string, ZoneView>  Unowned zones by name.
---@field seats table<Seat, table<string, ZoneView>>  Every seat's zones by name.
---@field pools table<string, {supply: table<string, integer>, held: table<Holder, table<string, integer>>}>
---@field dice DiceView[]                The cups of secret dice, in the order made.
---@field tracks table<string, integer[]>
---@field pads table<string, {totals: integer[], rows: {label: string, scores: integer[]}[]}>
---@field notes table<string, string>
---@field facts table<string, any>       The values given with t:note.
---@field extras table<string, table>    Data of extra objects (a board).
---@field log string[]                   The log lines this seat may read.
---@field events table[]                 The data of t:event lines this seat may read (with `text`).

-------------------------------------------------------------------------------
-- Scenario tests (games/*_test.lua)
-------------------------------------------------------------------------------

---@class GameSpec
---@field script? string                 The script: a path relative to the test file's folder, or absolute (default: NAME.lua for NAME_test.lua or NAME_something_test.lua).
---@field players? integer
---@field seed? integer
---@field options? table<string, any>
---@field stack? table<string, string[]|string[][]>  Per zone name: card names from the top down, applied at the next shuffle (a list of lists: one per shuffle).
---@field rolls? integer[]               The first die results, in the order thrown: by t:roll, and under cups by t:dice and cup:roll (g:rolls fixes later ones).

---@class StackHow
---@field only? boolean                  The zone holds the named cards and nothing else.
---@field rest? string|{[1]: string, [2]: Seat}  Where its other cards go (with only).
---@field from? string|{[1]: string, [2]: Seat}  The one zone the named cards it does not hold are taken from.

---@class PromptInfo
---@field seat Seat
---@field kind "turn"|"secret"|"window"  A turn (t:ask), a seat's part of a secret choice (t:ask_all), an answer window (t:offer).
---@field hint string
---@field secret boolean
---@field options string[]

---@alias Move string|integer|fun(legal: string[], prompt: PromptInfo): (string|integer)

---@alias Lines Seat|{seat?: Seat, since?: integer}  Which log lines: a seat's (those it may read), or a seat's or all since a mark (g:mark()).

---@class GameHandle
local GameHandle = {}
--- Plays moves, for whoever is to act; each is checked against the prompt
--- of its own moment: an option's exact text, its number in the legal list
--- then, or a function of that list returning one of those.
---@param ... Move
function GameHandle:play(...) end
--- Plays moves that must be this seat's.
---@param seat Seat
---@param ... Move
function GameHandle:play_as(seat, ...) end
--- A seat says something at the table.
---@param seat Seat
---@param text string
function GameHandle:say(seat, text) end
---@return PromptInfo?
function GameHandle:prompt() end
---@return string[]
function GameHandle:legal() end
---@return Seat?
function GameHandle:turn() end
--- A seat's view (0: a spectator's) as bots see it.
---@param seat? Seat
---@return View
function GameHandle:view(seat) end
--- A seat's view as text.
---@param seat? Seat
---@return string
function GameHandle:text(seat) end
--- The log lines (all, or those a seat may read, or those since a mark).
---@param which? Lines
---@return string[]
function GameHandle:log(which) end
--- The data of the t:event lines (all, or those a seat may read, or those
--- since a mark), as the script gave them, cards by name, each with its `text`.
---@param which? Lines
---@return table[]
function GameHandle:events(which) end
--- How far the log has come: a mark for `since` (g:events{since = mark}).
---@return integer
function GameHandle:mark() end
--- From now on the zone (a name, and an owner for a seat's zone) holds
--- these cards on top, named from the top down; cards taken from other
--- zones are replaced there by the zone's lowest other cards, so sizes stay.
--- With `only`, it holds these cards and nothing else; its other cards go to
--- `rest`; `from` names the zone the cards come from. A prompt already
--- waiting keeps its options (a move naming a card moved since is refused):
--- arrange before the prompt that should see it, or call g:reask(). Every
--- card stays in exactly one zone.
---@param zone string
---@param cards string[]
---@param how? StackHow
---@overload fun(self: GameHandle, zone: string, owner: Seat, cards: string[], how?: StackHow)
function GameHandle:stack(zone, cards, how) end
--- The next dice thrown (t:roll, and under cups: t:dice, cup:roll) show
--- these values, in order, in place of any fixed rolls not thrown yet; then
--- chance again.
---@param rolls integer[]
function GameHandle:rolls(rolls) end
--- Makes the waiting prompt again under what was arranged (g:stack, g:rolls)
--- since it was made: the game is replayed with those arrangements made just
--- before the move that led to the prompt, which must still be legal.
function GameHandle:reask() end
--- A copy of the match at this point (made by replaying it), to try one
--- option without touching this one.
---@return GameHandle
function GameHandle:clone() end
--- The same as clone.
---@return GameHandle
function GameHandle:branch() end
--- The names of the cards in a zone (tests see everything).
---@param name string
---@param owner? Seat
---@return string[]
function GameHandle:cards(name, owner) end
---@param name string
---@param holder? Holder
---@param kind? string
---@return integer
function GameHandle:pool(name, holder, kind) end
---@param name string
---@param seat Seat
---@return integer
function GameHandle:track(name, seat) end
---@param seat Seat
---@param pad? string
---@return integer
function GameHandle:total(seat, pad) end
--- What a seat could read that it may not see: log lines that named such a
--- card when written, extra objects showing one. Empty when all is well.
---@return string[]
function GameHandle:leaks() end
---@return boolean
function GameHandle:done() end
---@return string?
function GameHandle:error() end
---@return GameResult
function GameHandle:result() end
--- Lets bots play on until the game ends (or `max` decisions); returns how many.
---@param bot? string
---@param seed? integer
---@param max? integer
---@return integer
function GameHandle:finish(bot, seed, max) end

--- Declares a scenario.
---@param name string
---@param fn fun()
function scenario(name, fn) end

--- Starts a game of the script under test.
---@param spec? GameSpec
---@return GameHandle
function game(spec) end

---@param cond any
---@param msg? string
function expect(cond, msg) end

--- Deep equality for tables.
---@param actual any
---@param expected any
---@param msg? string
function expect_eq(actual, expected, msg) end

--- fn must fail with an error mentioning `fragment` (required: without it
--- any error would pass, a mistake in the test included).
---@param fn fun()
---@param fragment string
function expect_error(fn, fragment) end

--- Returns the first log line containing `fragment`, or fails.
---@param g GameHandle
---@param fragment string
---@param seat? Lines
---@return string
function expect_log(g, fragment, seat) end

---@param g GameHandle
---@param fragment string
---@param seat? Lines
function expect_no_log(g, fragment, seat) end

--- Returns the first event (of all, or of those a seat may read, or of those
--- since a mark) whose fields include these, or fails.
---@param g GameHandle
---@param fields table
---@param seat? Lines
---@return table
function expect_event(g, fields, seat) end

---@param g GameHandle
---@param fields table
---@param seat? Lines
function expect_no_event(g, fields, seat) end
