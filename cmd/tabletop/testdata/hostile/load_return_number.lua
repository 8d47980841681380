-- hostile: a script that returns a number
-- want: must return its game table
return 42
