-- hostile: an option whose default is a table
-- want: needs a default number, string or boolean
return { title = "x", players = { 2, 3 }, options = { size = { default = {} } }, play = function(t) end }
