/**
 * Connections the kernel holds for an HTTP process before it accepts them (capped by the kernel's
 * net.core.somaxconn). Node's 511 overflowed when 1,024 clients connected at once: the connections
 * dropped retried after 1 s and 3 s, and their requests waited that long to be sent.
 */
export const LISTEN_BACKLOG = 4096;
