// Package ladder rates bots against each other: `tabletop ladder GAME
// --bots a,b,c -n N` plays them in rotated matches and fits a rating to
// every bot, with an interval.
//
// # The matches
//
// A game has P seats and the ladder k bots. The games come in deals: a
// deal is one lineup of P bots, played P times from the same seed with
// the lineup moved one seat to the left each time, so every bot of the
// lineup plays every seat of the same deal (as in duplicate bridge: the
// cards are no one's luck). Lineups are windows of P bots on a circle of
// the k bots, each window starting where the last ended; after
// k/gcd(k,P) deals — a cycle — every bot has been in as many lineups,
// and so sat every seat equally often. Each cycle shuffles the circle
// anew, so that every bot meets every other. With fewer bots than seats
// a lineup holds a bot more than once (two bots in a four-seat game play
// a,b,a,b). -n is rounded up to whole cycles.
//
// The schedule and each game's seed come from the ladder's seed and the
// game's number alone, the games are played by package sim's workers
// (sim.Play), and the rating is fitted once they are all in: the same seed
// gives the same table whatever --jobs is, as long as the bots are
// repeatable (a time per decision, search:100ms, is not).
//
// # The rating
//
// Each finished game is read as the pairwise results of its seats: of two
// seats played by different bots, a winner beats a non-winner, two
// winners or two non-winners tie — unless the game's scores order them,
// which counts when the game's winners have its highest scores (scores
// that say which way is better). A shared win is a tie between the
// winners; a copy of a bot never plays itself.
//
// The ratings are the Bradley–Terry model fitted to those results by
// maximum likelihood (Hunter's MM algorithm), a tie counting half a win
// to each side: bot i beats bot j with probability γi/(γi+γj), shown on
// the Elo scale, 400·log10 γ, centred so that the bots' mean is 1500.
// Every bot also gets one win and one loss against a bot of the mean's
// strength — a weak prior that keeps a bot that never won (or never lost)
// at a finite rating, worth two results among the hundreds a ladder
// plays.
//
// Why this and not Elo updated game by game: Elo's ratings depend on the
// order of the games and on its K factor, and its intervals need a model
// of their own; Bradley–Terry is what Elo's updates estimate, fitted to
// all the games at once. Why pairwise and not Plackett–Luce over each
// game's ranking: the pairwise form takes ties and shared wins as they
// are and needs no ranking where a game gives none; it counts a game of P
// seats as P(P−1)/2 results that are not independent, which makes the
// likelihood's own intervals too narrow — so the intervals come from the
// bootstrap instead: the deals are resampled with replacement (a deal's P
// games together, as they are correlated), the model refitted to each
// resample, and the 2.5% and 97.5% quantiles of each bot's rating taken.
// A rating means something only beside another: two bots whose intervals
// do not overlap are told apart.
package ladder
