# fleet-pki.sh — sourced by the fleet benchmarks (scripts/bench-forecast-fleet.sh, Benchmarks/scripts/calendar-fleet.sh):
# the P-256 hierarchy every domain of a benchmark fleet is served from, made once in the current folder with
# openssl, and the SPKI pins of its root, first intermediate and leaf.
#
#   fleet_pki LEAF_DAYS CA [CA...]   # root.pem, CA.pem for each name (the first one issues), a wildcard leaf.pem
#                                    # for *.fleet.test valid LEAF_DAYS days, chain.pem = leaf + first CA; sets
#                                    # LEAF, CA and ROOT to their pins (base64 SHA-256 of the SPKI)

fleet_spki() {
    openssl x509 -in "$1" -pubkey -noout | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64
}

fleet_pki() {
    local days=$1
    shift
    local issuer=$1
    if [ ! -s chain.pem ]; then
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout root.key -out root.pem \
            -days 3650 -subj "/CN=Fleet Root" -addext "basicConstraints=critical,CA:TRUE" \
            -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
        printf 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n' >ca.ext
        local name
        for name in "$@"; do
            openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$name.key" -out "$name.csr" \
                -subj "/CN=Fleet $name" 2>/dev/null
            openssl x509 -req -in "$name.csr" -CA root.pem -CAkey root.key -CAcreateserial -out "$name.pem" \
                -days 1825 -extfile ca.ext 2>/dev/null
        done
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout leaf.key -out leaf.csr \
            -subj "/CN=*.fleet.test" 2>/dev/null
        printf 'subjectAltName=DNS:*.fleet.test\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n' \
            >leaf.ext
        openssl x509 -req -in leaf.csr -CA "$issuer.pem" -CAkey "$issuer.key" -CAcreateserial -out leaf.pem \
            -days "$days" -extfile leaf.ext 2>/dev/null
        cat leaf.pem "$issuer.pem" >chain.pem
    fi
    LEAF=$(fleet_spki leaf.pem) CA=$(fleet_spki "$issuer.pem") ROOT=$(fleet_spki root.pem)
}
