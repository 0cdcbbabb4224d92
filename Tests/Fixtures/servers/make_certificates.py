#!/usr/bin/python3
"""Certificates for the tests of tb reach's certificate checks: make_certificates.py DIR.

Writes, with dates relative to now (so that whole days left come out exact):
  ca.pem                      the root CA the tests trust (--cacert)
  valid.pem, valid.key        for 127.0.0.1 and localhost, ends in 300 days and 1 hour (300 whole days left)
  expiring.pem, expiring.key  the same names, ends in 3 days and 1 hour (3 whole days left)
  expired.pem, expired.key    the same names, ended 2 days less 1 hour ago (-2 whole days)
  other.pem, other.key        for other.test only (no address): a wrong name for 127.0.0.1
  chain.pem, chain.key        for 127.0.0.1 and localhost, issued by an intermediate CA; the file holds the
                              certificate and the intermediate's, as a server sends them
and prints a JSON object: each certificate's notAfter (RFC 3339), subject and issuer as OpenSSL writes them.
"""
import datetime
import ipaddress
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

directory = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
hour = datetime.timedelta(hours=1)
day = datetime.timedelta(days=1)


def name(common, organization="tb test"):
    return x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "FR"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
        x509.NameAttribute(NameOID.COMMON_NAME, common),
    ])


def openssl_name(common, organization="tb test"):
    return f"C = FR, O = {organization}, CN = {common}"


def certificate(subject, issuer, issuer_key, key, not_before, not_after, ca=False, names=None):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(key.public_key())
               .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if names is not None:
        builder = builder.add_extension(x509.SubjectAlternativeName(names), critical=False)
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                          encipher_only=False, decipher_only=False), critical=True)
    return builder.sign(issuer_key, hashes.SHA256())


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


def write(path, data):
    with open(f"{directory}/{path}", "wb") as out:
        out.write(data)


def key_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


root_key = ec.generate_private_key(ec.SECP256R1())
root_name = name("tb test root CA")
root = certificate(root_name, root_name, root_key, root_key, now - 10 * day, now + 3650 * day, ca=True)
write("ca.pem", pem(root))
middle_key = ec.generate_private_key(ec.SECP256R1())
middle_name = name("tb test intermediate CA")
middle = certificate(middle_name, root_name, root_key, middle_key, now - 10 * day, now + 3650 * day, ca=True)

local = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
leaves = {
    "valid": (now + 300 * day + hour, local, root_name, root_key, "tb test root CA"),
    "expiring": (now + 3 * day + hour, local, root_name, root_key, "tb test root CA"),
    "expired": (now - 2 * day + hour, local, root_name, root_key, "tb test root CA"),
    "other": (now + 300 * day + hour, [x509.DNSName("other.test")], root_name, root_key, "tb test root CA"),
    "chain": (now + 300 * day + hour, local, middle_name, middle_key, "tb test intermediate CA"),
}
described = {}
for label, (not_after, names, issuer, issuer_key, issuer_common) in leaves.items():
    key = ec.generate_private_key(ec.SECP256R1())
    common = "other.test" if label == "other" else "localhost"
    cert = certificate(name(common), issuer, issuer_key, key, now - 30 * day, not_after, names=names)
    write(f"{label}.pem", pem(cert) + (pem(middle) if label == "chain" else b""))
    write(f"{label}.key", key_pem(key))
    described[label] = {
        "not_after": not_after.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "subject": openssl_name(common),
        "issuer": openssl_name(issuer_common),
    }
print(json.dumps(described))
