package demo

import (
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
)

// logEntry is one thing a demo member logged: a title of the embedded catalog, with its
// status, rating, review and how many days ago it happened.
type logEntry struct {
	who     string // a member's first name
	kind    catalog.Kind
	id      int
	status  string
	rating  float64
	review  string
	daysAgo int
	with    []string // first names of members they follow
}

// episodeEntry is one demo episode review.
type episodeEntry struct {
	who             string
	show            int
	season, episode int
	name            string
	rating          float64
	review          string
	daysAgo         int
}

// Catalog ids of the embedded titles the demo uses (hooks/catalog/data).
const (
	pastLives        = 1000002228
	duneTwo          = 1000002259
	arrival          = 1000001976
	aftersun         = 1000002194
	poorThings       = 1000002232
	her              = 1000001842
	perfectDays      = 1000002237
	topGun           = 1000002191
	madMax           = 1000001933
	godzillaMinusOne = 1000002236
	oppenheimer      = 1000002226
	heat             = 1000001129
	spiritedAway     = 1000001328
	portrait         = 1000002100
	totoro           = 1000000944
	spiderVerse      = 1000002234
	decisionToLeave  = 1000002196
	moodForLove      = 1000001296
	prisoners        = 1000001855
	zodiac           = 1000001586
	memoriesOfMurder = 1000001414
	knivesOut        = 1000002096
	holdovers        = 1000002233
	barbie           = 1000002227
	paddington2      = 1000002030
	everythingAtOnce = 1000002190
	sevenSamurai     = 1000000339
	casablanca       = 1000000170
	rearWindow       = 1000000340
	parisTexas       = 1000000852
	godfather        = 1000000651
	chungkingExpress = 1000001100
	anatomyOfAFall   = 1000002229
	zoneOfInterest   = 1000002230
	driveMyCar       = 1000002156
	hereditary       = 1000002060
	getOut           = 1000002019
	theShining       = 1000000778
	alien            = 1000000755
	burning          = 1000002056
	callMeByYourName = 1000002021
	beforeSunrise    = 1000001146
	amelie           = 1000001329
	laLaLand         = 1000001975
	handmaiden       = 1000001978
	whiplash         = 1000001888
	roma             = 1000002054
	spotlight        = 1000001935
	moonlight        = 1000001974
	theMatrix        = 1000001258
	interstellar     = 1000001887
	inception        = 1000001710
	bladeRunner2049  = 1000002024
	breakingBad      = 1000100001
	theOffice        = 1000100003
	strangerThings   = 1000100004
	gameOfThrones    = 1000100002
	succession       = 1000100024
	theBear          = 1000100060
	severance        = 1000100061
	fleabag          = 1000100250
	theLastOfUs      = 1000100065
	betterCallSaul   = 1000100021
	chernobyl        = 1000100034
	shogun           = 1000100109
	tedLasso         = 1000100138
	atlanta          = 1000100165
	dark             = 1000100427
	squidGame        = 1000100363
	reservationDogs  = 1000100180
	normalPeople     = 1000100300
	onlyMurders      = 1000100178
	theWhiteLotus    = 1000100062
)

const (
	watched  = diary.StatusWatched
	planned  = diary.StatusPlanned
	watching = diary.StatusWatching
	dropped  = diary.StatusDropped
	movie    = catalog.Movie
	tv       = catalog.TV
)

// diaries is what the demo community watched over the last two months. Everyone has
// their taste: Maya sci-fi and quiet dramas, Lucas blockbusters, Hana animation, Daniel
// crime, Priya comfort comedies, Tomás the classics, Sofia European drama, Kwame horror,
// Elena romance, Jonah TV comedy, Amira true stories, Ben the big sci-fi.
var diaries = []logEntry{
	{"Maya", movie, pastLives, watched, 9.4, "Quietly wrecked me. The bar scene with the three of them says more in silence than most films manage with a whole script.", 2, nil},
	{"Maya", movie, duneTwo, watched, 8.7, "Saw it on the biggest screen I could find. The black-and-white arena sequence alone is worth the ticket.", 9, []string{"Lucas"}},
	{"Maya", movie, arrival, watched, 9.0, "", 21, nil},
	{"Maya", tv, severance, watching, 0, "", 12, nil},
	{"Maya", tv, severance, watched, 9.3, "Binged the whole season in three nights. Office work has never been this unsettling.", 1, nil},
	{"Maya", movie, perfectDays, planned, 0, "", 3, nil},
	{"Maya", movie, aftersun, watched, 8.9, "Paul Mescal dancing to Under Pressure. I keep thinking about that last shot in the airport.", 30, nil},
	{"Maya", movie, poorThings, watched, 7.6, "", 44, nil},
	{"Maya", movie, her, watched, 8.2, "", 57, nil},

	{"Lucas", movie, topGun, watched, 8.4, "Pure popcorn and I'm not ashamed. The practical flying makes every other action movie feel weightless.", 4, nil},
	{"Lucas", movie, duneTwo, watched, 9.1, "Hans Zimmer owes my ears an apology. Incredible from start to finish.", 9, []string{"Maya"}},
	{"Lucas", movie, madMax, watched, 9.5, "", 18, nil},
	{"Lucas", movie, godzillaMinusOne, watched, 8.8, "Didn't expect to tear up at a Godzilla movie. Here we are.", 26, nil},
	{"Lucas", tv, theLastOfUs, watching, 0, "", 7, nil},
	{"Lucas", movie, oppenheimer, watched, 7.9, "Long, loud and mostly brilliant. The last hour dragged a bit for me.", 40, nil},
	{"Lucas", movie, heat, planned, 0, "", 2, nil},

	{"Hana", movie, spiritedAway, watched, 9.7, "Every rewatch I notice something new in the bathhouse. Comfort film forever.", 3, nil},
	{"Hana", movie, portrait, watched, 9.3, "", 12, nil},
	{"Hana", movie, totoro, watched, 8.6, "", 20, nil},
	{"Hana", tv, theBear, watching, 0, "", 6, nil},
	{"Hana", movie, spiderVerse, watched, 8.9, "The animation changes style every ten minutes and somehow it all fits. Give me the next one already.", 33, nil},
	{"Hana", tv, normalPeople, watched, 8.4, "", 48, nil},
	{"Hana", movie, decisionToLeave, planned, 0, "", 1, nil},
	{"Hana", movie, moodForLove, watched, 9.0, "", 58, nil},

	{"Daniel", movie, prisoners, watched, 8.3, "Bleak and tense for two and a half hours. Gyllenhaal's blinking detective is weirdly iconic.", 2, nil},
	{"Daniel", movie, zodiac, watched, 8.8, "", 14, nil},
	{"Daniel", tv, breakingBad, watched, 9.6, "Finally finished it. Everyone was right and I was wrong to wait ten years.", 22, nil},
	{"Daniel", movie, memoriesOfMurder, watched, 8.9, "", 35, nil},
	{"Daniel", tv, betterCallSaul, watching, 0, "", 8, nil},
	{"Daniel", movie, knivesOut, watched, 7.4, "", 50, nil},
	{"Daniel", movie, heat, planned, 0, "", 4, nil},

	{"Priya", movie, holdovers, watched, 8.6, "Perfect winter movie. Paul Giamatti grumbling through Christmas is my new tradition.", 1, nil},
	{"Priya", movie, barbie, watched, 7.8, "", 10, nil},
	{"Priya", tv, onlyMurders, watched, 8.1, "", 16, nil},
	{"Priya", tv, tedLasso, dropped, 5.5, "Season one was so charming, season three lost me. Dropping it halfway, sorry Coach.", 27, nil},
	{"Priya", movie, paddington2, watched, 9.2, "Better than it has any right to be. Hugh Grant is having the time of his life.", 38, nil},
	{"Priya", tv, fleabag, watching, 0, "", 4, nil},
	{"Priya", movie, everythingAtOnce, watched, 9.0, "", 55, nil},

	{"Tomás", movie, sevenSamurai, watched, 9.4, "Three and a half hours and I never once checked my phone. The final battle in the rain is still unmatched.", 6, nil},
	{"Tomás", movie, casablanca, watched, 9.1, "", 15, nil},
	{"Tomás", movie, rearWindow, watched, 8.7, "", 24, nil},
	{"Tomás", movie, parisTexas, watched, 8.9, "Harry Dean Stanton in that red cap, walking out of the desert. The peep-show monologue is devastating.", 37, nil},
	{"Tomás", movie, godfather, watched, 9.8, "", 52, nil},
	{"Tomás", movie, chungkingExpress, planned, 0, "", 3, nil},

	{"Sofia", movie, anatomyOfAFall, watched, 8.7, "I argued about whether she did it all the way home. The dog deserves an award.", 3, nil},
	{"Sofia", movie, zoneOfInterest, watched, 8.2, "The sound design is the horror. Hard to shake for days.", 13, nil},
	{"Sofia", tv, succession, watched, 9.4, "", 20, nil},
	{"Sofia", movie, driveMyCar, watched, 8.8, "", 31, nil},
	{"Sofia", tv, dark, watching, 0, "", 9, nil},
	{"Sofia", movie, aftersun, watched, 9.1, "", 45, nil},

	{"Kwame", movie, hereditary, watched, 8.5, "That dinner scene. Toni Collette should have won every award going.", 2, nil},
	{"Kwame", movie, getOut, watched, 9.0, "", 11, nil},
	{"Kwame", tv, theLastOfUs, watched, 9.1, "", 15, nil},
	{"Kwame", movie, theShining, watched, 8.9, "", 29, nil},
	{"Kwame", movie, alien, watched, 9.2, "Still the best haunted house movie; the house just happens to be in space.", 41, nil},
	{"Kwame", tv, squidGame, dropped, 6.0, "", 53, nil},
	{"Kwame", movie, burning, planned, 0, "", 5, nil},

	{"Elena", movie, callMeByYourName, watched, 8.6, "A whole summer in two hours. I stayed for the fireplace shot until the very last credit.", 4, nil},
	{"Elena", movie, beforeSunrise, watched, 9.0, "", 12, nil},
	{"Elena", movie, amelie, watched, 8.3, "", 25, nil},
	{"Elena", tv, theWhiteLotus, watched, 8.0, "Gorgeous people being awful on holiday. I loved every minute.", 34, nil},
	{"Elena", movie, laLaLand, watched, 8.4, "", 47, nil},
	{"Elena", movie, handmaiden, planned, 0, "", 2, nil},

	{"Jonah", tv, theOffice, watching, 0, "", 2, nil},
	{"Jonah", tv, theBear, watched, 9.0, "Yes, chef. Season two is somehow even better than the first.", 7, nil},
	{"Jonah", tv, reservationDogs, watched, 8.7, "", 19, nil},
	{"Jonah", tv, atlanta, watched, 8.5, "", 26, nil},
	{"Jonah", movie, knivesOut, watched, 7.9, "A whodunit where the fun is the how. Also, that sweater.", 36, nil},
	{"Jonah", movie, whiplash, watched, 8.8, "", 54, nil},

	{"Amira", movie, roma, watched, 8.5, "", 5, nil},
	{"Amira", movie, spotlight, watched, 8.7, "No flashy tricks, just people doing their jobs well. Somehow it's thrilling.", 14, nil},
	{"Amira", tv, chernobyl, watched, 9.5, "Terrifying because it all happened. The hearing in the last episode is masterful.", 23, nil},
	{"Amira", tv, shogun, watching, 0, "", 3, nil},
	{"Amira", movie, moonlight, watched, 9.0, "", 39, nil},
	{"Amira", movie, oppenheimer, planned, 0, "", 57, nil},

	{"Ben", movie, theMatrix, watched, 8.9, "Rewatched it with fresh eyes. Holds up, and the lobby scene is still the coolest thing ever filmed.", 1, nil},
	{"Ben", movie, interstellar, watched, 9.3, "", 8, nil},
	{"Ben", movie, inception, watched, 8.5, "", 17, nil},
	{"Ben", tv, strangerThings, watching, 0, "", 20, nil},
	{"Ben", movie, bladeRunner2049, watched, 8.1, "Slow, huge and beautiful. Needed a break halfway, but in a good way.", 30, nil},
	{"Ben", tv, gameOfThrones, dropped, 4.5, "Rewatched to see if the ending lands any better. It does not.", 43, nil},
	{"Ben", movie, duneTwo, planned, 0, "", 12, nil},
}

// episodes are the demo episode reviews.
var episodes = []episodeEntry{
	{"Maya", severance, 1, 9, "The We We Are", 9.6, "That finale. I yelled at my TV, and then I watched the last ten minutes again.", 1},
	{"Lucas", theLastOfUs, 1, 3, "Long, Long Time", 9.8, "Best hour of TV I've seen in years. Bill and Frank deserved everything.", 6},
	{"Hana", theBear, 2, 6, "Fishes", 9.5, "The most stressful Christmas dinner ever put on screen. I needed a walk afterwards.", 5},
	{"Daniel", breakingBad, 5, 14, "Ozymandias", 10, "Had to pause twice. Nothing in the whole show hits harder.", 24},
	{"Sofia", succession, 4, 3, "Connor's Wedding", 9.9, "", 21},
}
