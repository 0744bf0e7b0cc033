//go:build !linux

package bench

import "os/exec"

// dieWithParent does nothing where the kernel cannot stop a child with its parent.
func dieWithParent(*exec.Cmd) {}
