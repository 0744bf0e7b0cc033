package federation

// Enqueue is enqueue, for the benchmark of the request path's cost.
var Enqueue = enqueue

// DomainsOf is domainsOf, for the table of what a domain block covers.
var DomainsOf = domainsOf
