// The socket, resolver, epoll and rtnetlink calls behind `tb reach`, with the shapes Swift handles well: addresses
// as 16-byte arrays with a family, results as errno values. What Swift cannot do itself lives in CNet.c: packed
// epoll_event structs, getaddrinfo_a's completion callback (a C function run on glibc's thread), the netlink and
// control-message macros (receive timestamps, the error queue's sock_extended_err), and the walk over getifaddrs.
// ICMP packets are built and read in Swift: C hands over their bytes and never looks inside.
#ifndef CNET_H
#define CNET_H

#include <stdint.h>

/// Address families, as the kernel numbers them.
enum { CNet_inet = 2, CNet_inet6 = 10 };
/// getaddrinfo's codes that glibc shows only with _GNU_SOURCE.
enum { CNet_eai_noname = -2, CNet_eai_nodata = -5, CNet_eai_addrfamily = -9, CNet_eai_inprogress = -100 };

// MARK: Addresses

/// Parses a numeric IPv4 or IPv6 address; 1 on success, with the family and 4 or 16 bytes in `bytes`. An IPv6
/// address may carry a zone (`fe80::1%eth0`, `fe80::1%2`): its interface index goes to `scope` (0 without one).
int CNet_parse_address(const char *text, int *family, uint8_t bytes[16], uint32_t *scope);
/// Writes the text form of an address, with `%zone` when `scope` is not 0, into `text` (at least 64 bytes).
void CNet_format_address(int family, const uint8_t bytes[16], uint32_t scope, char *text);

// MARK: Resolving with a deadline

/// A lookup running on glibc's resolver threads (getaddrinfo_a), or on a thread of its own in the ThreadSanitizer
/// build, which cannot follow glibc's (see Lookup.h).
typedef struct CNet_Lookup CNet_Lookup;

/// Starts resolving `host` for `family` (0 for any); when it ends, 8 bytes are written to `notify` (an eventfd
/// that must stay open for the life of the process). NULL with `*error` set (an EAI_ code) when it cannot start.
CNet_Lookup *CNet_lookup_start(const char *host, int family, int notify, int *error);
/// 0 when it succeeded, -100 (EAI_INPROGRESS) while it runs, another EAI_ code when it failed.
int CNet_lookup_status(CNet_Lookup *lookup);
/// The message for an EAI_ code.
const char *CNet_lookup_message(int status);
/// Copies up to `max` distinct addresses of a finished lookup, 16 bytes each into `bytes`; how many there were.
int CNet_lookup_addresses(CNet_Lookup *lookup, int *families, uint8_t *bytes, int max);
/// Frees a lookup. One that still runs is cancelled, or if glibc cannot cancel it, left to finish and never freed:
/// its thread still writes into it.
void CNet_lookup_free(CNet_Lookup *lookup);

/// An eventfd for lookup notifications (non-blocking, close-on-exec); -1 with errno set on failure.
int CNet_notifier_open(void);
/// Empties a notifier.
void CNet_notifier_drain(int fd);

// MARK: Probes

/// Starts a non-blocking TCP connect; returns 0 with `*fd` set when it is under way (or done), else the errno.
int CNet_connect_start(int family, const uint8_t bytes[16], uint32_t scope, int port, int *fd);
/// The outcome of a connect once its socket is writable: 0, or the errno.
int CNet_connect_result(int fd);
/// How long a connected socket's handshake took as the kernel timed it, SYN to SYN-ACK, in nanoseconds: the time of
/// the network alone, whatever tb's loop did meanwhile. -1 when the kernel has no clean sample (the SYN was sent
/// again, or TCP_INFO is not there).
int64_t CNet_connect_handshake(int fd);
/// The local address a socket is bound to; 0, or the errno.
int CNet_local_address(int fd, int *family, uint8_t bytes[16], uint32_t *scope);
/// Whether the kernel has a route to an address, without sending anything: connects a UDP socket. 0 with the
/// local address it would use, or the errno (ENETUNREACH, EHOSTUNREACH, EACCES for prohibit, EINVAL for blackhole).
int CNet_route_check(int family, const uint8_t bytes[16], uint32_t scope, int port, int *localFamily,
                     uint8_t localBytes[16], uint32_t *localScope);
/// The name of the interface that holds a local address (at least 16 bytes); 0 when found, else -1.
int CNet_interface_of(int family, const uint8_t bytes[16], char *name);

// MARK: ICMP echo

/// What an ICMP socket read: nothing more for now, a datagram, an error the kernel queued about a datagram the
/// socket sent (datagram sockets, IP_RECVERR), or something it could not read, skipped. What the bytes say is
/// decided in Swift (the Net shim's caller): C only moves them.
enum { CNet_icmp_nothing = 0, CNet_icmp_datagram = 1, CNet_icmp_queued = 2, CNet_icmp_skipped = 3 };

/// The kernel's account of a queued error (struct sock_extended_err): whether an ICMP or ICMPv6 message caused it and
/// that message's type and code, whether the errno was EMSGSIZE (a local "too big"), and who sent the message.
typedef struct {
    int fromICMP;
    uint8_t type;
    uint8_t code;
    int messageTooLong;
    int hasOffender;
    uint8_t offender[16];
} CNet_queued_error;

/// Opens a non-blocking ICMP (AF_INET) or ICMPv6 (AF_INET6) echo socket: a datagram one ("ping socket", allowed to
/// the groups in net.ipv4.ping_group_range, the kernel sets the identifier and delivers only our replies), else a
/// raw one (root or CAP_NET_RAW: every ICMP message arrives, and ours are told by `*identifier`). The descriptor,
/// with `*raw` set; -1 with `*error` the errno of the datagram socket, or of the raw one when the datagram one was
/// refused for want of permission.
int CNet_icmp_open(int family, int *raw, uint16_t *identifier, int *error);
/// Sends `length` bytes of an ICMP message built by the caller; 0, or the errno (EHOSTUNREACH, ENETUNREACH, EACCES
/// for prohibit, EINVAL for blackhole routes, EAGAIN…). `*sent` is the monotonic time in nanoseconds taken just
/// before the message was handed to the kernel.
int CNet_icmp_send(int fd, int family, int raw, const uint8_t bytes[16], uint32_t scope, const uint8_t *packet,
                   int length, int64_t *sent);
/// Reads one message into `packet` (at most `capacity` bytes, `*length` read): a CNet_icmp_ kind. A datagram gives
/// its source in `address` and `*received`, when the kernel received it, on the monotonic clock in nanoseconds (its
/// receive timestamp; 0 when it did not say); a raw IPv4 socket's starts with the IP header, the others' with the
/// ICMP header. A queued error (datagram sockets only) gives the message it is about in `packet`, that message's
/// destination in `address`, and the kernel's account in `*queued`.
int CNet_icmp_receive(int fd, int raw, uint8_t *packet, int capacity, int *length, uint8_t address[16],
                      uint32_t *scope, CNet_queued_error *queued, int64_t *received);

// MARK: Waiting

/// epoll: a set of descriptors to wait on, each with a 64-bit token.
int CNet_poll_open(void);
/// What to wait for on a descriptor: data to read, room to write, or only an error or hang-up (a pipe whose reader
/// went away), which epoll always reports.
enum { CNet_poll_readable = 0, CNet_poll_writable = 1, CNet_poll_hangup = 2 };
/// Adds a descriptor, waiting for `interest` (a CNet_poll_ value); 0, or the errno.
int CNet_poll_add(int poller, int fd, int interest, uint64_t token);
/// Stops waiting on a descriptor.
void CNet_poll_remove(int poller, int fd);
/// Waits up to `milliseconds` (-1: for ever); fills up to `max` tokens; how many (0 on timeout or EINTR).
int CNet_poll_wait(int poller, uint64_t *tokens, int max, int milliseconds);

// MARK: Route changes

/// A netlink socket that hears about links, addresses and routes (IPv4 and IPv6); -1 with errno on failure.
int CNet_route_monitor_open(void);
/// Reads every pending message; how many there were.
int CNet_route_monitor_drain(int fd);

/// Closes a descriptor.
void CNet_close(int fd);

#endif
