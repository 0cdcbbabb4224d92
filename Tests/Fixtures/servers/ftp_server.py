#!/usr/bin/env python3
"""An anonymous, read-only FTP server for tb's tests (Debian's python3-pyftpdlib).

usage: ftp_server.py ROOT
Listens on 127.0.0.1 on a port the system picks, prints "PORT <n>" and serves ROOT until killed.
"""
import logging
import sys

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer

logging.disable(logging.CRITICAL)
authorizer = DummyAuthorizer()
authorizer.add_anonymous(sys.argv[1], perm="elr")
FTPHandler.authorizer = authorizer
FTPHandler.passive_ports = None
FTPHandler.masquerade_address = None
server = FTPServer(("127.0.0.1", 0), FTPHandler)
print("PORT %d" % server.address[1], flush=True)
server.serve_forever()
