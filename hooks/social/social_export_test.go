package social

// The plan test (package social_test, which can import testutil) explains these queries.
var (
	FeedQuery        = feedQuery
	MemberPostsQuery = memberPostsQuery
)
