package catalog

import "github.com/pocketbase/pocketbase/core"

// Seed writes titles into the collections as a provider answer would (tests only).
func Seed(app core.App, titles ...Title) error {
	byKind := map[Kind][]Title{}
	for _, t := range titles {
		byKind[t.Kind] = append(byKind[t.Kind], t)
	}
	for _, list := range byKind {
		if err := upsertTitles(app, list, upsertReplace); err != nil {
			return err
		}
	}
	return nil
}

// EmbeddedTitles returns the parsed embedded catalog of a kind (tests only).
func EmbeddedTitles(kind Kind) ([]Title, error) {
	set, err := loadEmbedded()
	if err != nil {
		return nil, err
	}
	return set.titles[kind], nil
}
