-- hostile: an option whose default is a table
-- want: a default number, string or boolean is needed
return { title = "x", players = { 2, 3 }, options = { size = { default = {} } }, play = function(t) end }
