import ChainProbe
import PinningCore

extension ProbeTarget {
    /// `inspect`'s target: the server as given, with what it leaves out taken from the manifest's domain for that
    /// host (its port, its `connect` address), else port 443 and the host itself. `dial` (`--connect`) wins over the
    /// manifest's address.
    public init(inspecting server: HostEndpoint, dial: HostEndpoint?, manifest: PinManifest) throws(ProbeFailure) {
        let domain = manifest.indexOfDomain(server.host.text).map { manifest.domains[$0] }
        try self.init(
            host: server.host.text, port: server.port ?? domain?.port ?? 443,
            connect: dial?.description ?? domain?.connect)
    }
}
