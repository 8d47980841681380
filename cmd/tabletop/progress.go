package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressBar draws a progress bar on w when it is a terminal, and returns
// nil otherwise (a pipe, a file, a test).
func progressBar(w io.Writer, what string) func(done, total int) {
	if !isTerminal(w) {
		return nil
	}
	return newProgress(raw(w).(io.Writer), what, 200*time.Millisecond) // it redraws its line: no wrapping
}

// newProgress shows how many games are done, how many a second, the time
// spent and the time left ("[12s:40s]"), redrawn at most once per
// throttle; the bar is cleared when the last game is done.
func newProgress(w io.Writer, what string, throttle time.Duration) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription("playing"),
				progressbar.OptionSetWidth(24),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString(what),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionSetElapsedTime(true),
				progressbar.OptionThrottle(throttle),
				progressbar.OptionClearOnFinish(),
			)
		}
		_ = bar.Set(done)
	}
}
