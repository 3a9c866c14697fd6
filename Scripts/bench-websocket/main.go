// The Go side of `courier-bench websocket` (built by Scripts/bench-websocket.sh from Debian's golang-go and
// golang-github-gorilla-websocket-dev): the server both clients use, and the gorilla client that is Courier's
// baseline.
//
//	wsbench server                   serves /echo, /sink and /source/BYTES/SIZE on 127.0.0.1, prints "listening PORT"
//	wsbench rtt URL N                N echo round trips of 32 bytes on one connection; prints "rtt <per second>"
//	wsbench upload URL BYTES SIZE    BYTES in SIZE-byte binary messages to /sink; prints "upload <MiB/s>"
//	wsbench download URL BYTES SIZE  BYTES in SIZE-byte messages from /source; prints "download <MiB/s>"
package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

var upgrader = websocket.Upgrader{ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10}

// serve upgrades the request and runs handle on the WebSocket, closed after.
func serve(handle func(*websocket.Conn)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		handle(c)
	}
}

func echo(c *websocket.Conn) {
	for {
		kind, data, err := c.ReadMessage()
		if err != nil {
			return
		}
		if err := c.WriteMessage(kind, data); err != nil {
			return
		}
	}
}

// sink reads binary messages until a text message, then answers with the number of bytes read.
func sink(c *websocket.Conn) {
	total := 0
	buffer := make([]byte, 64<<10)
	for {
		kind, reader, err := c.NextReader()
		if err != nil {
			return
		}
		if kind == websocket.TextMessage {
			c.WriteMessage(websocket.TextMessage, []byte(strconv.Itoa(total)))
			total = 0
			continue
		}
		total += drain(reader, buffer)
	}
}

// source (/source/BYTES/SIZE) sends BYTES in SIZE-byte binary messages, then a text message "done".
func source(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(r.URL.Path, "/")
	if len(parts) != 4 {
		http.NotFound(w, r)
		return
	}
	total, _ := strconv.Atoi(parts[2])
	size, _ := strconv.Atoi(parts[3])
	if size <= 0 {
		http.NotFound(w, r)
		return
	}
	serve(func(c *websocket.Conn) { send(c, total, size) })(w, r)
}

func send(c *websocket.Conn, total, size int) {
	payload := make([]byte, size)
	for i := range payload {
		payload[i] = byte(i * 31)
	}
	for sent := 0; sent < total; sent += size {
		if err := c.WriteMessage(websocket.BinaryMessage, payload); err != nil {
			return
		}
	}
	c.WriteMessage(websocket.TextMessage, []byte("done"))
	c.ReadMessage() // until the client closes
}

// drain reads a message to its end through buffer and returns its length.
func drain(reader io.Reader, buffer []byte) int {
	length := 0
	for {
		n, err := reader.Read(buffer)
		length += n
		if err != nil {
			return length
		}
	}
}

func dial(url string) *websocket.Conn {
	dialer := websocket.Dialer{ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10}
	c, _, err := dialer.Dial(url, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return c
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func rtt(url string, n int) {
	c := dial(url + "/echo")
	defer c.Close()
	payload := make([]byte, 32)
	start := time.Now()
	for i := 0; i < n; i++ {
		must(c.WriteMessage(websocket.BinaryMessage, payload))
		_, _, err := c.ReadMessage()
		must(err)
	}
	fmt.Printf("rtt %.1f\n", float64(n)/time.Since(start).Seconds())
}

func upload(url string, total, size int) {
	c := dial(url + "/sink")
	defer c.Close()
	payload := make([]byte, size)
	start := time.Now()
	for sent := 0; sent < total; sent += size {
		must(c.WriteMessage(websocket.BinaryMessage, payload))
	}
	must(c.WriteMessage(websocket.TextMessage, []byte("count")))
	_, answer, err := c.ReadMessage()
	must(err)
	if string(answer) != strconv.Itoa(total) {
		fmt.Fprintln(os.Stderr, "the server read", string(answer))
		os.Exit(1)
	}
	fmt.Printf("upload %.1f\n", float64(total)/(1<<20)/time.Since(start).Seconds())
}

func download(url string, total, size int) {
	c := dial(fmt.Sprintf("%s/source/%d/%d", url, total, size))
	defer c.Close()
	start := time.Now()
	received := 0
	buffer := make([]byte, 64<<10)
	for {
		kind, reader, err := c.NextReader()
		must(err)
		if kind == websocket.TextMessage {
			break
		}
		received += drain(reader, buffer)
	}
	if received != total {
		fmt.Fprintln(os.Stderr, "received", received)
		os.Exit(1)
	}
	fmt.Printf("download %.1f\n", float64(total)/(1<<20)/time.Since(start).Seconds())
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: wsbench server | rtt URL N | upload URL BYTES SIZE | download URL BYTES SIZE")
		os.Exit(2)
	}
	number := func(i int) int { n, err := strconv.Atoi(os.Args[i]); must(err); return n }
	switch os.Args[1] {
	case "server":
		listener, err := net.Listen("tcp", "127.0.0.1:0")
		must(err)
		mux := http.NewServeMux()
		mux.HandleFunc("/echo", serve(echo))
		mux.HandleFunc("/sink", serve(sink))
		mux.HandleFunc("/source/", source)
		fmt.Printf("listening %d\n", listener.Addr().(*net.TCPAddr).Port)
		must(http.Serve(listener, mux))
	case "rtt":
		rtt(os.Args[2], number(3))
	case "upload":
		upload(os.Args[2], number(3), number(4))
	case "download":
		download(os.Args[2], number(3), number(4))
	}
}
