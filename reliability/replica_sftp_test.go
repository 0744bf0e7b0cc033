package reliability

import (
	"crypto/ed25519"
	"crypto/rand"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pkg/sftp"
	"golang.org/x/crypto/ssh"
)

// sftpTarget runs an SSH server with the SFTP subsystem on loopback (golang.org/x/crypto's
// SSH server, github.com/pkg/sftp's SFTP server over the real file system) that accepts
// one user's password, and names a directory on it. The replica is told the server's
// host key, as a self-hoster should.
func sftpTarget(t *testing.T) replicaTarget {
	t.Helper()
	const user, password = "backup", "replica-test-password"
	_, hostKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := ssh.NewSignerFromKey(hostKey)
	if err != nil {
		t.Fatal(err)
	}
	config := &ssh.ServerConfig{PasswordCallback: func(c ssh.ConnMetadata, pass []byte) (*ssh.Permissions, error) {
		if c.User() == user && string(pass) == password {
			return nil, nil
		}
		return nil, ssh.ErrNoAuth
	}}
	config.AddHostKey(signer)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			go serveSFTP(conn, config)
		}
	}()
	root := filepath.Join(t.TempDir(), "sftp-replica")
	return replicaTarget{
		url: "sftp://" + user + "@" + l.Addr().String() + root,
		env: []string{"CINECIRCLE_REPLICA_SFTP_PASSWORD=" + password,
			"CINECIRCLE_REPLICA_SFTP_HOST_KEY=" + strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))},
		grain: time.Second, // SFTP (v3) sets file times in whole seconds
	}
}

// serveSFTP answers one SSH connection: sessions that ask for the sftp subsystem get it.
func serveSFTP(conn net.Conn, config *ssh.ServerConfig) {
	_, chans, reqs, err := ssh.NewServerConn(conn, config)
	if err != nil {
		conn.Close()
		return
	}
	go ssh.DiscardRequests(reqs)
	for nc := range chans {
		if nc.ChannelType() != "session" {
			_ = nc.Reject(ssh.UnknownChannelType, "only sessions")
			continue
		}
		ch, requests, err := nc.Accept()
		if err != nil {
			continue
		}
		go func() {
			for req := range requests {
				ok := req.Type == "subsystem" && len(req.Payload) > 4 && string(req.Payload[4:]) == "sftp"
				_ = req.Reply(ok, nil)
				if ok {
					go func() {
						if srv, err := sftp.NewServer(ch); err == nil {
							_ = srv.Serve()
						}
						ch.Close()
					}()
				}
			}
		}()
	}
}
