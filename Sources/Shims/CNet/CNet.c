// See CNet.h.
#define _GNU_SOURCE
#include "CNet.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

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

struct CNet_Lookup {
    struct gaicb request;
    struct addrinfo hints;
    struct sigevent event;
    char *host;
};

// Run by glibc on a thread of its own when a lookup ends: wakes the epoll loop.
static void lookup_done(union sigval value) {
    uint64_t one = 1;
    ssize_t written = write(value.sival_int, &one, sizeof one);
    (void)written;
}

CNet_Lookup *CNet_lookup_start(const char *host, int family, int notify, int *error) {
    CNet_Lookup *lookup = calloc(1, sizeof *lookup);
    if (!lookup || !(lookup->host = strdup(host))) {
        free(lookup);
        *error = EAI_MEMORY;
        return NULL;
    }
    lookup->hints.ai_family = family;
    lookup->hints.ai_socktype = SOCK_STREAM;
    lookup->hints.ai_flags = AI_ADDRCONFIG;
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

void CNet_lookup_free(CNet_Lookup *lookup) {
    if (gai_error(&lookup->request) == EAI_INPROGRESS && gai_cancel(&lookup->request) != EAI_CANCELED) return;
    if (lookup->request.ar_result) freeaddrinfo(lookup->request.ar_result);
    free(lookup->host);
    free(lookup);
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
