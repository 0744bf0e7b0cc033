package portability_test

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/portability"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// listShape is a member's lists as text: name, description, then position. title — note.
func listShape(t *testing.T, app core.App, owner string) string {
	t.Helper()
	owned, err := app.FindRecordsByFilter("lists", "owner = {:o}", "created", 0, 0, map[string]any{"o": owner})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, l := range owned {
		b.WriteString(l.GetString("name") + " | " + l.GetString("description") + " | " + l.GetString("visibility") + "\n")
		items, _, err := lists.Items(app, owner, l, "", 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			b.WriteString(strings.Repeat(" ", 2) + string(rune('0'+it.Position)) + ". " + it.Title + " — " + it.Note + "\n")
		}
	}
	return b.String()
}

// TestLetterboxdListImportAndExport imports a list export in Letterboxd's real format
// (testdata/letterboxd-list.csv: the header block, a blank line, then positions with
// notes, one spanning two lines) from the export ZIP's lists/ folder: the list keeps its
// order and notes, is private, posts nothing, and a second import adds nothing. Our
// export writes it back in the same format, and importing that into another account
// gives the same list.
func TestLetterboxdListImportAndExport(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	if _, err := catalog.SyncEmbedded(app); err != nil {
		t.Fatal(err)
	}
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	fixture, err := os.ReadFile("testdata/letterboxd-list.csv")
	if err != nil {
		t.Fatal(err)
	}
	items, err := portability.ParseLetterboxd("letterboxd.zip", zipOf(t, map[string]string{"lists/silent-greats.csv": string(fixture), "watchlist.csv": lbWatchlist}))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 6 { // two watchlist rows, four list rows
		t.Fatalf("%d items: %+v", len(items), items)
	}
	rec := runImport(t, app, ana, "letterboxd", items)
	if rec.GetString("status") != "done" || rec.GetInt("imported") != 5 {
		t.Fatalf("import report %v", rec.FieldsData())
	}
	want := "Silent greats | The ones that still move me, in order. | private\n" +
		"  1. The Gold Rush — The boot dinner, of course.\n" +
		"  2. Nosferatu — \n" +
		"  3. The Kid — Funny, then not,\nthen funny again.\n"
	if got := listShape(t, app, ana.Id); got != want {
		t.Fatalf("imported list:\n%s\nwant:\n%s", got, want)
	}
	if n, _ := app.CountRecords("activities"); n != 0 {
		t.Errorf("an import posted %d times", n)
	}
	again := runImport(t, app, ana, "letterboxd", items)
	if again.GetInt("imported") != 0 || listShape(t, app, ana.Id) != want {
		t.Fatalf("a second import changed something: imported %d\n%s", again.GetInt("imported"), listShape(t, app, ana.Id))
	}

	// export, then import the export's list file into Bea's account
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if err := portability.WriteLetterboxdLists(zw, app, ana.Id, "https://cine.example"); err != nil {
		t.Fatal(err)
	}
	_ = zw.Close()
	zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if len(zr.File) != 1 || zr.File[0].Name != "lists/silent-greats.csv" {
		t.Fatalf("export files %v", zr.File)
	}
	rc, _ := zr.File[0].Open()
	exported, _ := io.ReadAll(rc)
	if !strings.HasPrefix(string(exported), "Letterboxd list export v7\nDate,Name,Tags,URL,Description\n") || !strings.Contains(string(exported), "\nPosition,Name,Year,URL,Description\n1,The Gold Rush,1925,") {
		t.Fatalf("export is not in Letterboxd's list format:\n%s", exported)
	}
	back, err := portability.ParseLetterboxd("cinecircle-export.zip", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	runImport(t, app, bea, "letterboxd", back)
	if got := listShape(t, app, bea.Id); got != want {
		t.Fatalf("re-imported list:\n%s\nwant:\n%s", got, want)
	}
	// and re-importing her own export into Ana's account updates her list, no copy
	runImport(t, app, ana, "letterboxd", back)
	if got := listShape(t, app, ana.Id); got != want {
		t.Fatalf("re-importing the export into the same account:\n%s", got)
	}
}
