import CACatalog
import Foundation
import PinningCore
import Testing

/// What the catalog says about Let's Encrypt, at the dates where it changes: pools, lifetimes, replacements.
@Suite("the Let's Encrypt catalog's facts at their boundaries")
struct LetsEncryptCatalogFactsTests {
    let authority = try! CACatalog.builtIn().authority(id: "letsencrypt")!

    func date(_ text: String) -> Date { CalendarDay(text)!.startDate! }

    func labels(_ certificates: [CatalogCertificate]) -> [String] { certificates.map(\.label).sorted() }

    @Test("the Gen Y pools: YR1, YR2 and backup YR3 under Root YR; YE1, YE2 and backup YE3 under Root YE")
    func pools() throws {
        let rootYR = try #require(authority.certificate(file: "gen-y/root-yr.pem"))
        let rootYE = try #require(authority.certificate(file: "gen-y/root-ye.pem"))
        let day = date("2026-11-28")
        #expect(labels(authority.pool(under: rootYR.spkiPin, on: day)) == ["YR1", "YR2", "YR3"])
        #expect(labels(authority.pool(under: rootYE.spkiPin, on: day)) == ["YE1", "YE2", "YE3"])
        #expect(authority.pool(under: rootYE.spkiPin, on: day).filter { $0.status == .backup }.map(\.label) == ["YE3"])
        // The retired 2024 pool issues nothing, though still valid; after 2028-09-02 no Gen Y intermediate issues.
        let x1 = try #require(authority.certificate(file: "roots/isrgrootx1.pem"))
        #expect(authority.pool(under: x1.spkiPin, on: day).isEmpty)
        #expect(authority.pool(under: rootYE.spkiPin, on: date("2028-09-02")).count == 3)
        #expect(authority.pool(under: rootYE.spkiPin, on: date("2028-09-03")).isEmpty)
    }

    @Test("the classic profile: 90 days, 64 from 2027-02-10, 45 from 2028-02-16; the day before each, the old one")
    func classicLifetimes() throws {
        let classic = try #require(authority.defaultProfile)
        #expect(classic.name == "classic" && !classic.keyReuse)
        let expected: [(String, Int)] = [
            ("2026-11-28", 90), ("2027-02-09", 90), ("2027-02-10", 64), ("2028-02-15", 64), ("2028-02-16", 45),
            ("2035-01-01", 45),
        ]
        for (day, days) in expected { #expect(classic.lifetimeDays(issuedOn: CalendarDay(day)!) == days, "\(day)") }
        #expect(authority.profile(named: "shortlived")?.lifetimeDays(issuedOn: CalendarDay("2026-11-28")!) == 6)
        #expect(authority.profile(named: "tlsserver")?.availableFrom == CalendarDay("2026-05-13"))
    }

    @Test("a replaced cross-sign holds the same key as its replacement, in another certificate")
    func replacedCrossSigns() throws {
        let replaced = authority.certificates.filter { $0.status == .replaced }
        #expect(replaced.count == 3)
        for old in replaced {
            let new = try #require(old.replacedBy.flatMap(authority.certificate(file:)))
            #expect(old.spkiPin == new.spkiPin && old.certPin != new.certPin, "\(old.file)")
            #expect(old.until == CalendarDay("2026-05-13") && new.since == CalendarDay("2026-05-13"))
        }
    }

    @Test("each E5–E9 key is signed by ISRG Root X2 in one certificate and by ISRG Root X1 in its cross-sign")
    func crossSignedIntermediates() throws {
        let x1 = try #require(authority.certificate(file: "roots/isrgrootx1.pem")).spkiPin
        let x2 = try #require(authority.certificate(file: "roots/isrg-root-x2.pem")).spkiPin
        for number in 5...9 {
            #expect(authority.signerPins["2024/e\(number).pem"] == x2)
            #expect(authority.signerPins["2024/e\(number)-cross.pem"] == x1)
            #expect(
                authority.certificate(file: "2024/e\(number).pem")?.spkiPin
                    == authority.certificate(file: "2024/e\(number)-cross.pem")?.spkiPin)
        }
    }

    @Test("the pin values the generator computed from the DER are exactly the reader's pins of every certificate")
    func generatedPinValues() throws {
        let catalog = try CACatalog.builtIn()
        let pins = catalog.authorities.flatMap(\.certificates).flatMap { [$0.spkiPin, $0.certPin] }
        #expect(!pins.isEmpty)
        for pin in pins { #expect(CACatalog.isBuiltInPinValue(pin), "\(pin)") }
        #expect(Set(pins).count == 61, "24 keys and 37 certificates")
        #expect(!CACatalog.isBuiltInPinValue(String(repeating: "A", count: 43) + "="))
    }

    @Test("the repository's Catalog/ folder reads as the catalog compiled in")
    func folderEqualsBuiltIn() throws {
        let folder = CatalogFolder(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Catalog"))
        let read = try CACatalog.read(from: folder)
        let builtIn = try CACatalog.builtIn()
        #expect(read.authorities.map(\.id) == builtIn.authorities.map(\.id))
        #expect(read.authorities.first?.certificates == builtIn.authorities.first?.certificates)
        #expect(read.authorities.first?.signerPins == builtIn.authorities.first?.signerPins)
    }
}
