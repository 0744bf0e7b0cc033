package bench

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel stop the served binary when the runner dies: a run stopped
// with a signal otherwise leaves its server serving the data dir, and with --in-place the
// next run shares the database, and the machine's cores, with it.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
