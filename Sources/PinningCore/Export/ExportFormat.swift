/// The configuration formats pins can be exported to, one file per format in this folder.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// OkHttp `CertificatePinner` (Kotlin).
    case okhttp
    /// Android Network Security Config (XML).
    case android
    /// TrustKit's `TSKConfiguration` as an Info.plist fragment.
    case trustkit
    /// App Transport Security `NSPinnedDomains` as an Info.plist fragment.
    case ats
    /// curl's `--pinnedpubkey` arguments.
    case curl
    /// The (deprecated) HTTP Public-Key-Pins header, for servers that still emit it.
    case hpkp
}

/// Exported text plus what the target format could not express. Never drop a pin silently.
public struct ExportResult: Sendable {
    public let text: String
    /// One line per pin or setting that the format cannot carry, naming the domain.
    public let warnings: [String]
}

/// Turns a manifest into another tool's configuration.
public enum PinExporter {
    public static func export(_ manifest: PinManifest, as format: ExportFormat) -> ExportResult {
        let domains = manifest.canonicallyOrdered.domains
        switch format {
        case .okhttp: return OkHttpExport.render(domains)
        case .android: return AndroidExport.render(domains)
        case .trustkit: return TrustKitExport.render(domains)
        case .ats: return ATSExport.render(domains)
        case .curl: return CurlExport.render(domains)
        case .hpkp: return HPKPExport.render(domains)
        }
    }

    /// Splits a domain's pins into the SPKI pins a key-pinning format can carry and warnings for the rest.
    static func spkiPins(_ domain: DomainPolicy, format: String) -> (pins: [Pin], warnings: [String]) {
        var warnings: [String] = []
        let pins = domain.pins.filter { pin in
            if pin.type == .spkiSHA256 { return true }
            warnings.append("\(domain.host): \(format) pins public keys only; skipped cert-sha256 pin \(pin.value)")
            return false
        }
        if domain.mode == .reportOnly {
            warnings.append("\(domain.host): \(format) has no report-only mode; these pins would be enforced")
        }
        return (pins, warnings)
    }

    /// Warnings for strings a format had to change because it cannot carry some of their characters.
    static func alteredWarnings(_ altered: [String], format: String) -> [String] {
        altered.map {
            "\($0): \(format) cannot carry some characters of this text (XML 1.0 has no way to write them); "
                + "they were written as visible escapes, so this entry does not match the manifest"
        }
    }
}
