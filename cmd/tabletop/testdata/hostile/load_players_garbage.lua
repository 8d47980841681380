-- hostile: player counts that make no sense
-- want: game.players
return { title = "x", players = { "two", math.huge }, play = function(t) end }
