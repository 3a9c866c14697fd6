// The Linux system calls SocketTransport's event loop needs and Swift's Glibc module does not bring in.
#ifndef COURIER_CSOCKETSUPPORT_H
#define COURIER_CSOCKETSUPPORT_H

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <netinet/tcp.h>
#endif

#endif
