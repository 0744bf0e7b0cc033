package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/web"
)

// client sends the benchmark's requests to the server; one keep-alive pool for all
// workers, like a reverse proxy in front of the app would hold.
type client struct {
	base string
	http *http.Client
	// server sums the Server-Timing durations of every answer (nanoseconds): the server's
	// own time, apart from the load generator's work on the same cores.
	server atomic.Int64
}

func newClient(base string, timeout time.Duration) *client {
	tr := &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512, IdleConnTimeout: time.Minute}
	return &client{base: base, http: &http.Client{Transport: tr, Timeout: timeout}}
}

// member is a signed-in member: the session cookie the real login route set.
type member struct {
	ID, Email, Session string
}

// login signs email in through POST /api/auth/login and keeps the session cookie.
func (c *client) login(email, password string) (member, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	resp, err := c.http.Post(c.base+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return member{}, err
	}
	defer resp.Body.Close()
	c.server.Add(int64(serverTime(resp.Header)))
	var me struct {
		ID string `json:"id"`
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return member{}, fmt.Errorf("login %s: %d %s", email, resp.StatusCode, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(&me); err != nil {
		return member{}, err
	}
	for _, ck := range resp.Cookies() {
		if ck.Name == auth.CookieName {
			return member{ID: me.ID, Email: email, Session: ck.Value}, nil
		}
	}
	return member{}, fmt.Errorf("login %s: no session cookie", email)
}

// loginAll signs each of emails in, in order (see login).
func (c *client) loginAll(emails []string, password string) ([]member, error) {
	out := make([]member, 0, len(emails))
	for _, email := range emails {
		m, err := c.login(email, password)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// signupOrLogin signs a new member up through POST /api/auth/signup (a community without
// mail signs them in at once), or signs them in when an earlier run made them.
func (c *client) signupOrLogin(email, password string) (member, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password, "passwordConfirm": password, "firstName": "Bench"})
	resp, err := c.http.Post(c.base+"/api/auth/signup", "application/json", bytes.NewReader(body))
	if err != nil {
		return member{}, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return c.login(email, password)
}

// do sends one request as m (the zero member sends none) and decodes a JSON answer into
// out when out is not nil. Any status but 2xx is an error.
func (c *client) do(m member, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if m.Session != "" {
		req.AddCookie(&http.Cookie{Name: auth.CookieName, Value: m.Session})
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	c.server.Add(int64(serverTime(resp.Header)))
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	if out == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// serverTime reads the server's time from an answer's Server-Timing header (`app;dur=` in
// milliseconds, hooks/web); 0 when the answer has none.
func serverTime(h http.Header) time.Duration {
	v, ok := strings.CutPrefix(h.Get(web.ServerTimingHeader), "app;dur=")
	if !ok {
		return 0
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0
	}
	return time.Duration(f * float64(time.Millisecond))
}

// feedItem is the part of a feed activity the runner reads.
type feedItem struct {
	ID string `json:"id"`
}

// feed reads one feed page (query is the part after ?).
func (c *client) feed(m member, query string) ([]feedItem, error) {
	var items []feedItem
	err := c.do(m, http.MethodGet, "/api/feed?"+query, nil, &items)
	return items, err
}
