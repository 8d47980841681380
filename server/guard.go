package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// guard is what every response goes through: headers that keep the
// server's pages out of other sites' frames and keep browsers from
// guessing a type a file does not declare, and a check of the Host a
// request names.
//
// The Host check stops DNS rebinding: a page of another site whose name
// its owner points at this server's address afterwards would be "the
// server's own site" to the browser (its Origin matching its Host), and
// could open tables and read what they answer. So the server answers
// only to IP addresses (which no other site's page is served from),
// localhost, and the names it is told (Config.Hosts, and the hosts of
// Config.Origins); any other name gets 421 Misdirected Request.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "frame-ancestors 'none'") // the pages set a fuller one
		if !s.knownHost(r.Host) {
			http.Error(w, fmt.Sprintf("This server does not answer to the name %q: its operator names it with --host (see docs/web.md, Fair play).", r.Host), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// knownHost reports whether the server answers to a Host header.
func (s *Server) knownHost(host string) bool {
	name := hostName(host)
	if name == "" {
		return false
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	return name == "localhost" || s.hosts[name]
}

// hostName is a Host header's name without its port or brackets, in
// lower case and without a final dot; "" when it has none.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// checkHosts reads Config.Hosts (names, without a scheme or a path; a
// port is allowed and ignored) and adds the hosts of origins.
func checkHosts(hosts, origins []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, h := range hosts {
		h = strings.TrimSpace(h)
		name := hostName(h)
		if name == "" || strings.ContainsAny(h, "/@ ") || strings.ContainsAny(name, ":[]") {
			return nil, fmt.Errorf("server: host %q: write it as a name, such as games.example.com", h)
		}
		out[name] = true
	}
	for _, o := range origins {
		if u, err := url.Parse(o); err == nil {
			out[hostName(u.Host)] = true
		}
	}
	return out, nil
}

// orDefault is n, or def when n is 0.
func orDefault(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}
