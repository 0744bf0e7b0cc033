package catalog

import "github.com/pocketbase/pocketbase/core"

// Seed writes titles into the collections as a provider answer would (tests only).
func Seed(app core.App, titles ...Title) error { return SaveTitles(app, titles...) }

// EmbeddedTitles returns the parsed embedded catalog of a kind (tests only).
func EmbeddedTitles(kind Kind) ([]Title, error) {
	set, err := loadEmbedded()
	if err != nil {
		return nil, err
	}
	return set.titles[kind], nil
}
