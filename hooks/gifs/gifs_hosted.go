package gifs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// tenor speaks the Tenor v2 API, which KLIPY serves unchanged (Tenor itself shut down in
// 2026): GET {base}/featured and {base}/search with key, limit, contentfilter and pos.
type tenor struct {
	key, base, name, site string
}

func (t *tenor) credit() Credit { return Credit{Name: t.name, URL: t.site} }

func (t *tenor) featured(ctx context.Context, pos string, limit int) ([]GIF, string, error) {
	return t.get(ctx, "featured", url.Values{}, pos, limit)
}

func (t *tenor) search(ctx context.Context, q, pos string, limit int) ([]GIF, string, error) {
	return t.get(ctx, "search", url.Values{"q": {q}}, pos, limit)
}

func (t *tenor) get(ctx context.Context, endpoint string, params url.Values, pos string, limit int) ([]GIF, string, error) {
	params.Set("key", t.key)
	params.Set("limit", strconv.Itoa(limit))
	params.Set("contentfilter", "medium")
	params.Set("media_filter", "gif,tinygif")
	if pos != "" {
		params.Set("pos", pos)
	}
	var body struct {
		Results []struct {
			ID           string `json:"id"`
			Title        string `json:"title"`
			Description  string `json:"content_description"`
			MediaFormats map[string]struct {
				URL string `json:"url"`
			} `json:"media_formats"`
		} `json:"results"`
		Next string `json:"next"`
	}
	if err := getJSON(ctx, t.base+"/"+endpoint+"?"+params.Encode(), nil, &body); err != nil {
		return nil, "", err
	}
	out := make([]GIF, 0, len(body.Results))
	for _, r := range body.Results {
		full, tiny := r.MediaFormats["gif"].URL, r.MediaFormats["tinygif"].URL
		if full == "" {
			full = tiny // SPEC §3: the full URL falls back to the tiny one
		}
		if tiny == "" {
			tiny = full
		}
		if full == "" || !isHTTPS(full) || !isHTTPS(tiny) {
			continue
		}
		title := r.Title
		if title == "" {
			title = r.Description
		}
		out = append(out, GIF{ID: r.ID, URL: full, PreviewURL: tiny, Title: title})
	}
	return out, body.Next, nil
}

func (t *tenor) owns(u string) bool { return hostMatches(u, t.name) }

// giphy speaks GIPHY's v1 API: /gifs/trending and /gifs/search with api_key, limit,
// offset and rating (pg-13 is GIPHY's counterpart of the medium content filter).
type giphy struct {
	key, base string
}

func (g *giphy) credit() Credit { return Credit{Name: "GIPHY", URL: "https://giphy.com"} }

func (g *giphy) featured(ctx context.Context, pos string, limit int) ([]GIF, string, error) {
	return g.get(ctx, "trending", url.Values{}, pos, limit)
}

func (g *giphy) search(ctx context.Context, q, pos string, limit int) ([]GIF, string, error) {
	return g.get(ctx, "search", url.Values{"q": {q}}, pos, limit)
}

func (g *giphy) get(ctx context.Context, endpoint string, params url.Values, pos string, limit int) ([]GIF, string, error) {
	offset, _ := strconv.Atoi(pos)
	params.Set("api_key", g.key)
	params.Set("limit", strconv.Itoa(limit))
	params.Set("offset", strconv.Itoa(max(offset, 0)))
	params.Set("rating", "pg-13")
	var body struct {
		Data []struct {
			ID     string `json:"id"`
			Title  string `json:"title"`
			Images map[string]struct {
				URL string `json:"url"`
			} `json:"images"`
		} `json:"data"`
		Pagination struct {
			Offset     int `json:"offset"`
			Count      int `json:"count"`
			TotalCount int `json:"total_count"`
		} `json:"pagination"`
	}
	if err := getJSON(ctx, g.base+"/gifs/"+endpoint+"?"+params.Encode(), nil, &body); err != nil {
		return nil, "", err
	}
	out := make([]GIF, 0, len(body.Data))
	for _, d := range body.Data {
		full := d.Images["original"].URL
		preview := d.Images["fixed_width_small"].URL
		if preview == "" {
			preview = d.Images["fixed_width"].URL
		}
		if preview == "" {
			preview = full
		}
		if full == "" || !isHTTPS(full) || !isHTTPS(preview) {
			continue
		}
		out = append(out, GIF{ID: d.ID, URL: full, PreviewURL: preview, Title: d.Title})
	}
	next := ""
	if end := body.Pagination.Offset + body.Pagination.Count; body.Pagination.Count > 0 && end < body.Pagination.TotalCount {
		next = strconv.Itoa(end)
	}
	return out, next, nil
}

func (g *giphy) owns(u string) bool { return hostMatches(u, "giphy") }

// getJSON fetches url and decodes its JSON body; any failure is ErrProvider.
func getJSON(ctx context.Context, rawURL string, header http.Header, dst any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrProvider, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrProvider, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: status %d", ErrProvider, res.StatusCode)
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, res.Body, 4<<20)).Decode(dst); err != nil {
		return fmt.Errorf("%w: %v", ErrProvider, err)
	}
	return nil
}

func isHTTPS(u string) bool {
	p, err := url.Parse(u)
	return err == nil && p.Scheme == "https" && p.Host != ""
}

// hostMatches reports whether u is an https URL whose host names the provider (its
// media hosts, e.g. media.giphy.com or static.klipy.com), on the default port and
// without credentials.
func hostMatches(u, provider string) bool {
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "https" || p.User != nil || p.Port() != "" {
		return false
	}
	host := strings.ToLower(p.Hostname())
	name := strings.ToLower(provider)
	return host == name+".com" || strings.HasSuffix(host, "."+name+".com")
}
