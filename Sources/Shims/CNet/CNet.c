// See CNet.h.
#define _GNU_SOURCE
#include "CNet.h"
#include "Lookup.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netdb.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/ip6.h>
#include <netinet/ip_icmp.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/// A clock's time in nanoseconds.
static int64_t clock_nanoseconds(clockid_t clock) {
    struct timespec time;
    clock_gettime(clock, &time);
    return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

// MARK: Addresses

int CNet_parse_address(const char *text, int *family, uint8_t bytes[16], uint32_t *scope) {
    memset(bytes, 0, 16);
    *scope = 0;
    if (inet_pton(AF_INET, text, bytes) == 1) {
        *family = AF_INET;
        return 1;
    }
    // inet_pton knows no zones: the part after % names an interface, or is its index.
    char address[INET6_ADDRSTRLEN];
    const char *percent = strchr(text, '%');
    size_t length = percent ? (size_t)(percent - text) : strlen(text);
    if (length >= sizeof address) return 0;
    memcpy(address, text, length);
    address[length] = 0;
    if (inet_pton(AF_INET6, address, bytes) != 1) return 0;
    if (percent) {
        const char *zone = percent + 1;
        char *end;
        unsigned long index = strtoul(zone, &end, 10);
        if (*zone == 0) return 0;
        if (*end != 0 || zone[0] < '0' || zone[0] > '9') index = if_nametoindex(zone);
        if (index == 0 || index > UINT32_MAX) return 0;
        *scope = (uint32_t)index;
    }
    *family = AF_INET6;
    return 1;
}

void CNet_format_address(int family, const uint8_t bytes[16], uint32_t scope, char *text) {
    if (!inet_ntop(family, bytes, text, INET6_ADDRSTRLEN)) {
        text[0] = 0;
        return;
    }
    if (scope == 0) return;
    char name[IF_NAMESIZE];
    size_t length = strlen(text);
    if (if_indextoname(scope, name)) {
        snprintf(text + length, 64 - length, "%%%s", name);
    } else {
        snprintf(text + length, 64 - length, "%%%u", scope);
    }
}

/// Fills a socket address; its length.
static socklen_t make_sockaddr(int family, const uint8_t bytes[16], uint32_t scope, int port,
                               struct sockaddr_storage *storage) {
    memset(storage, 0, sizeof *storage);
    if (family == AF_INET) {
        struct sockaddr_in *in = (struct sockaddr_in *)storage;
        in->sin_family = AF_INET;
        in->sin_port = htons((uint16_t)port);
        memcpy(&in->sin_addr, bytes, 4);
        return sizeof *in;
    }
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)storage;
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons((uint16_t)port);
    memcpy(&in6->sin6_addr, bytes, 16);
    in6->sin6_scope_id = scope;
    return sizeof *in6;
}

/// The family, bytes and IPv6 zone (when `scope` is not NULL) of a socket address; 0 when it is neither IPv4 nor
/// IPv6.
static int read_sockaddr(const struct sockaddr *address, int *family, uint8_t bytes[16], uint32_t *scope) {
    memset(bytes, 0, 16);
    if (scope) *scope = 0;
    if (address->sa_family == AF_INET) {
        memcpy(bytes, &((const struct sockaddr_in *)address)->sin_addr, 4);
        *family = AF_INET;
        return 1;
    }
    if (address->sa_family == AF_INET6) {
        memcpy(bytes, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
        if (scope) *scope = ((const struct sockaddr_in6 *)address)->sin6_scope_id;
        *family = AF_INET6;
        return 1;
    }
    return 0;
}

// MARK: Resolving

#if !CNET_LOOKUP_THREADS
// Run by glibc on a thread of its own when a lookup ends: wakes the epoll loop.
static void lookup_done(union sigval value) {
    uint64_t one = 1;
    ssize_t written = write(value.sival_int, &one, sizeof one);
    (void)written;
}

CNet_Lookup *CNet_lookup_start(const char *host, int family, int notify, int *error) {
    CNet_Lookup *lookup = CNet_lookup_new(host, family, error);
    if (!lookup) return NULL;
    lookup->request.ar_name = lookup->host;
    lookup->request.ar_request = &lookup->hints;
    lookup->event.sigev_notify = SIGEV_THREAD;
    lookup->event.sigev_notify_function = lookup_done;
    lookup->event.sigev_value.sival_int = notify;
    struct gaicb *list[1] = {&lookup->request};
    int result = getaddrinfo_a(GAI_NOWAIT, list, 1, &lookup->event);
    if (result != 0) {
        free(lookup->host);
        free(lookup);
        *error = result;
        return NULL;
    }
    return lookup;
}

int CNet_lookup_status(CNet_Lookup *lookup) { return gai_error(&lookup->request); }

void CNet_lookup_free(CNet_Lookup *lookup) {
    // A lookup that ended between the two calls cannot be cancelled either (EAI_ALLDONE): it is freed all the same.
    if (gai_error(&lookup->request) == EAI_INPROGRESS && gai_cancel(&lookup->request) == EAI_NOTCANCELED) return;
    if (lookup->request.ar_result) freeaddrinfo(lookup->request.ar_result);
    free(lookup->host);
    free(lookup);
}
#endif

const char *CNet_lookup_message(int status) { return gai_strerror(status); }

int CNet_lookup_addresses(CNet_Lookup *lookup, int *families, uint8_t *bytes, int max) {
    int count = 0;
    for (struct addrinfo *info = lookup->request.ar_result; info && count < max; info = info->ai_next) {
        int family;
        uint8_t address[16];
        if (!read_sockaddr(info->ai_addr, &family, address, NULL)) continue;
        int seen = 0;
        for (int i = 0; i < count && !seen; i++) seen = families[i] == family && memcmp(bytes + 16 * i, address, 16) == 0;
        if (seen) continue;
        families[count] = family;
        memcpy(bytes + 16 * count, address, 16);
        count++;
    }
    return count;
}

int CNet_notifier_open(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void CNet_notifier_drain(int fd) {
    uint64_t count;
    while (read(fd, &count, sizeof count) > 0) {
    }
}

// MARK: Probes

int CNet_connect_start(int family, const uint8_t bytes[16], uint32_t scope, int port, int *fd) {
    int sock = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (sock < 0) return errno;
    struct sockaddr_storage address;
    socklen_t length = make_sockaddr(family, bytes, scope, port, &address);
    if (connect(sock, (struct sockaddr *)&address, length) != 0 && errno != EINPROGRESS) {
        int error = errno;
        close(sock);
        return error;
    }
    *fd = sock;
    return 0;
}

int CNet_connect_result(int fd) {
    int error = 0;
    socklen_t length = sizeof error;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0) return errno;
    return error;
}

int64_t CNet_connect_handshake(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    memset(&info, 0, sizeof info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    // A SYN sent again leaves no sample of the first one (Karn), and the user waited for the retransmission.
    if (length < offsetof(struct tcp_info, tcpi_total_retrans) + sizeof info.tcpi_total_retrans) return -1;
    if (info.tcpi_total_retrans != 0 || info.tcpi_rtt == 0) return -1;
    // After the handshake the smoothed round trip is its one sample: SYN to SYN-ACK, in microseconds.
    return (int64_t)info.tcpi_rtt * 1000;
}

int CNet_local_address(int fd, int *family, uint8_t bytes[16], uint32_t *scope) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return errno;
    return read_sockaddr((struct sockaddr *)&address, family, bytes, scope) ? 0 : EAFNOSUPPORT;
}

int CNet_route_check(int family, const uint8_t bytes[16], uint32_t scope, int port, int *localFamily,
                     uint8_t localBytes[16], uint32_t *localScope) {
    int sock = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (sock < 0) return errno;
    struct sockaddr_storage address;
    socklen_t length = make_sockaddr(family, bytes, scope, port, &address);
    int error = connect(sock, (struct sockaddr *)&address, length) == 0 ? 0 : errno;
    if (error == 0) error = CNet_local_address(sock, localFamily, localBytes, localScope);
    close(sock);
    return error;
}

int CNet_interface_of(int family, const uint8_t bytes[16], char *name) {
    struct ifaddrs *list;
    if (getifaddrs(&list) != 0) return -1;
    int found = -1;
    for (struct ifaddrs *entry = list; entry && found != 0; entry = entry->ifa_next) {
        int entryFamily;
        uint8_t address[16];
        if (!entry->ifa_addr || !read_sockaddr(entry->ifa_addr, &entryFamily, address, NULL)) continue;
        if (entryFamily != family || memcmp(address, bytes, 16) != 0) continue;
        strncpy(name, entry->ifa_name, 15);
        name[15] = 0;
        found = 0;
    }
    freeifaddrs(list);
    return found;
}

// MARK: ICMP echo

// linux/icmp.h's raw-socket filter; that header clashes with netinet/ip_icmp.h.
#ifndef ICMP_FILTER
#define ICMP_FILTER 1
struct icmp_filter {
    uint32_t data;
};
#endif

/// One socket takes the replies of every target: the default receive buffer (rmem_default, ~200 KiB, ~160
/// loopback replies) drops a burst of a few hundred. 4 MiB, past rmem_max when allowed (root), else up to it.
static void enlarge_receive_buffer(int fd) {
    int size = 4 << 20;
    if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size) != 0) {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    }
}

/// Asks the kernel to stamp every datagram with the time it arrived (its software receive timestamp), so that a reply
/// is timed when it came, not when tb's loop got round to reading it. Unlike SO_TIMESTAMPNS, which stamps a datagram
/// that came unstamped with the time it is read, SO_TIMESTAMPING leaves it at zero: tb then knows it has no stamp.
static int stamp_arrivals(int fd) {
    int flags = SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE;
    return setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof flags);
}

/// The software receive stamp of a message, in nanoseconds on the real-time clock; 0 when it has none.
static int64_t software_stamp(struct msghdr *message) {
    for (struct cmsghdr *header = CMSG_FIRSTHDR(message); header; header = CMSG_NXTHDR(message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_TIMESTAMPING) continue;
        struct timespec stamps[3];
        memcpy(stamps, CMSG_DATA(header), sizeof stamps);
        return (int64_t)stamps[0].tv_sec * 1000000000 + stamps[0].tv_nsec;
    }
    return 0;
}

/// The kernel turns receive stamps on lazily, in a work item it defers, the first time any socket of the machine asks
/// for them: an echo answered at once (loopback) could come before, unstamped. Waits, once a process, until a
/// datagram sent to itself over loopback comes back stamped; at most 20 ms, and not at all when loopback is down.
static void wait_until_arrivals_are_stamped(void) {
    static int done = 0;
    if (done) return;
    done = 1;
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return;
    struct sockaddr_in self = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof self;
    if (stamp_arrivals(fd) != 0 || bind(fd, (struct sockaddr *)&self, sizeof self) != 0 ||
        getsockname(fd, (struct sockaddr *)&self, &length) != 0) {
        close(fd);
        return;
    }
    for (int attempt = 0; attempt < 200; attempt++) {
        uint8_t byte = 0;
        if (sendto(fd, &byte, 1, 0, (struct sockaddr *)&self, sizeof self) != 1) break;
        uint8_t control[256];
        struct iovec vector = {.iov_base = &byte, .iov_len = 1};
        struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = control,
                                 .msg_controllen = sizeof control};
        int stamped = 0;
        for (int spin = 0; spin < 1000; spin++) {
            if (recvmsg(fd, &message, MSG_DONTWAIT) >= 0) {
                stamped = software_stamp(&message) != 0;
                break;
            }
            if (errno != EAGAIN) break;
        }
        if (stamped) break;
        struct timespec pause = {.tv_nsec = 100000};
        nanosleep(&pause, NULL);
    }
    close(fd);
}

int CNet_icmp_open(int family, int *raw, uint16_t *identifier, int *error) {
    int protocol = family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6;
    int fd = socket(family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol);
    if (fd >= 0) {
        // Without it, ICMP errors about our echoes are not reported on an unconnected datagram socket.
        int on = 1;
        if (family == AF_INET) {
            setsockopt(fd, IPPROTO_IP, IP_RECVERR, &on, sizeof on);
        } else {
            setsockopt(fd, IPPROTO_IPV6, IPV6_RECVERR, &on, sizeof on);
        }
        enlarge_receive_buffer(fd);
        if (stamp_arrivals(fd) == 0) wait_until_arrivals_are_stamped();
        *raw = 0;
        *identifier = 0;
        return fd;
    }
    *error = errno;
    // EACCES: the process's group is outside ping_group_range; a raw socket may still be allowed (root).
    if (*error != EACCES && *error != EPERM) return -1;
    fd = socket(family, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol);
    if (fd < 0) {
        *error = errno;
        return -1;
    }
    // Every ICMP message of the host arrives on a raw socket: the kernel drops all but replies and errors.
    if (family == AF_INET) {
        struct icmp_filter filter = {
            .data = ~((1u << ICMP_ECHOREPLY) | (1u << ICMP_DEST_UNREACH) | (1u << ICMP_TIME_EXCEEDED))};
        setsockopt(fd, SOL_RAW, ICMP_FILTER, &filter, sizeof filter);
    } else {
        struct icmp6_filter filter;
        ICMP6_FILTER_SETBLOCKALL(&filter);
        ICMP6_FILTER_SETPASS(ICMP6_ECHO_REPLY, &filter);
        ICMP6_FILTER_SETPASS(ICMP6_DST_UNREACH, &filter);
        ICMP6_FILTER_SETPASS(ICMP6_PACKET_TOO_BIG, &filter);
        ICMP6_FILTER_SETPASS(ICMP6_TIME_EXCEEDED, &filter);
        setsockopt(fd, IPPROTO_ICMPV6, ICMP6_FILTER, &filter, sizeof filter);
    }
    enlarge_receive_buffer(fd);
    if (stamp_arrivals(fd) == 0) wait_until_arrivals_are_stamped();
    uint16_t random = 0;
    if (getrandom(&random, sizeof random, GRND_NONBLOCK) != sizeof random) random = (uint16_t)getpid();
    *raw = 1;
    *identifier = random;
    return fd;
}

int CNet_icmp_send(int fd, int family, int raw, const uint8_t bytes[16], uint32_t scope, const uint8_t *packet,
                   int length, int64_t *sent) {
    struct sockaddr_storage address;
    socklen_t addressLength = make_sockaddr(family, bytes, scope, 0, &address);
    *sent = clock_nanoseconds(CLOCK_MONOTONIC);
    if (sendto(fd, packet, (size_t)length, 0, (struct sockaddr *)&address, addressLength) >= 0) return 0;
    // An ICMP error about an earlier echo (to another target) also sets the datagram socket's pending error, which
    // the next send returns and clears: the error itself waits in the error queue. Sending again tells.
    if (raw || errno == EAGAIN || errno == ENOBUFS) return errno;
    *sent = clock_nanoseconds(CLOCK_MONOTONIC);
    return sendto(fd, packet, (size_t)length, 0, (struct sockaddr *)&address, addressLength) >= 0 ? 0 : errno;
}

/// Reads the error queue of a datagram socket: the echo an ICMP error was about, where it went, and the kernel's
/// account of the error.
static int receive_queued(int fd, uint8_t *packet, int capacity, int *length, uint8_t address[16], uint32_t *scope,
                          CNet_queued_error *queued) {
    uint8_t control[512];
    struct sockaddr_storage from;
    struct iovec vector = {.iov_base = packet, .iov_len = (size_t)capacity};
    struct msghdr message = {.msg_name = &from, .msg_namelen = sizeof from, .msg_iov = &vector, .msg_iovlen = 1,
                             .msg_control = control, .msg_controllen = sizeof control};
    ssize_t read = recvmsg(fd, &message, MSG_ERRQUEUE | MSG_DONTWAIT);
    if (read < 0) return CNet_icmp_nothing;
    struct sock_extended_err *error = NULL;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if ((header->cmsg_level == IPPROTO_IP && header->cmsg_type == IP_RECVERR) ||
            (header->cmsg_level == IPPROTO_IPV6 && header->cmsg_type == IPV6_RECVERR)) {
            error = (struct sock_extended_err *)CMSG_DATA(header);
        }
    }
    int readFamily;
    if (!error || !read_sockaddr((struct sockaddr *)&from, &readFamily, address, scope)) return CNet_icmp_skipped;
    *length = (int)read;
    queued->fromICMP = error->ee_origin == SO_EE_ORIGIN_ICMP || error->ee_origin == SO_EE_ORIGIN_ICMP6;
    queued->type = error->ee_type;
    queued->code = error->ee_code;
    queued->messageTooLong = error->ee_errno == EMSGSIZE;
    struct sockaddr *offender = SO_EE_OFFENDER(error);
    queued->hasOffender = offender->sa_family != AF_UNSPEC && read_sockaddr(offender, &readFamily, queued->offender, NULL);
    return CNet_icmp_queued;
}

/// When the kernel received a message, on the monotonic clock; 0 when it did not say. The kernel stamps on the
/// real-time clock: the stamp is moved by the two clocks' difference now, and one that would lie in the future (the
/// real-time clock was set back meanwhile) is not trusted.
static int64_t arrival(struct msghdr *message) {
    int64_t stamp = software_stamp(message);
    if (stamp == 0) return 0;
    int64_t age = clock_nanoseconds(CLOCK_REALTIME) - stamp;
    return age >= 0 ? clock_nanoseconds(CLOCK_MONOTONIC) - age : 0;
}

int CNet_icmp_receive(int fd, int raw, uint8_t *packet, int capacity, int *length, uint8_t address[16],
                      uint32_t *scope, CNet_queued_error *queued, int64_t *received) {
    *received = 0;
    memset(queued, 0, sizeof *queued);
    if (!raw) {
        int kind = receive_queued(fd, packet, capacity, length, address, scope, queued);
        if (kind != CNet_icmp_nothing) return kind;
    }
    uint8_t control[256];
    struct sockaddr_storage from;
    struct iovec vector = {.iov_base = packet, .iov_len = (size_t)capacity};
    struct msghdr message = {.msg_name = &from, .msg_namelen = sizeof from, .msg_iov = &vector, .msg_iovlen = 1,
                             .msg_control = control, .msg_controllen = sizeof control};
    ssize_t read = recvmsg(fd, &message, MSG_DONTWAIT);
    if (read < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? CNet_icmp_nothing : CNet_icmp_skipped;
    *received = arrival(&message);
    int fromFamily;
    if (!read_sockaddr((struct sockaddr *)&from, &fromFamily, address, scope)) return CNet_icmp_skipped;
    *length = (int)read;
    return CNet_icmp_datagram;
}

// MARK: Waiting

int CNet_poll_open(void) { return epoll_create1(EPOLL_CLOEXEC); }

int CNet_poll_add(int poller, int fd, int interest, uint64_t token) {
    uint32_t events = interest == CNet_poll_writable ? EPOLLOUT : interest == CNet_poll_hangup ? 0 : EPOLLIN;
    struct epoll_event event = {.events = events, .data.u64 = token};
    return epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event) == 0 ? 0 : errno;
}

void CNet_poll_remove(int poller, int fd) { epoll_ctl(poller, EPOLL_CTL_DEL, fd, NULL); }

int CNet_poll_wait(int poller, uint64_t *tokens, int max, int milliseconds) {
    struct epoll_event events[64];
    if (max > 64) max = 64;
    int count = epoll_wait(poller, events, max, milliseconds);
    if (count < 0) return 0;
    for (int i = 0; i < count; i++) tokens[i] = events[i].data.u64;
    return count;
}

// MARK: Route changes

int CNet_route_monitor_open(void) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) return -1;
    struct sockaddr_nl address = {.nl_family = AF_NETLINK};
    address.nl_groups = RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int error = errno;
        close(fd);
        errno = error;
        return -1;
    }
    return fd;
}

int CNet_route_monitor_drain(int fd) {
    char buffer[8192];
    int messages = 0;
    for (;;) {
        ssize_t length = recv(fd, buffer, sizeof buffer, 0);
        if (length <= 0) break;
        for (struct nlmsghdr *header = (struct nlmsghdr *)buffer; NLMSG_OK(header, (size_t)length);
             header = NLMSG_NEXT(header, length)) {
            if (header->nlmsg_type != NLMSG_DONE && header->nlmsg_type != NLMSG_ERROR) messages++;
        }
    }
    return messages;
}

void CNet_close(int fd) { close(fd); }
