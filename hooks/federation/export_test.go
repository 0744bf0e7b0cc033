package federation

// Enqueue is enqueue, for the benchmark of the request path's cost.
var Enqueue = enqueue
