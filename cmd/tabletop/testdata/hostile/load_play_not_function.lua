-- hostile: a game table whose play is not a function
-- want: play(t) function
return { title = "x", players = { 2, 3 }, play = 42 }
