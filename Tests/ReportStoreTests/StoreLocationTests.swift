import Foundation
import ReportStore
import Testing

/// The PostgreSQL URL as `--db` reads it, with no server: what it may show of itself, and when it needs TLS.
@Suite("ReportStore: the --db URL, its secrets and its TLS default")
struct StoreLocationTests {
    @Test("a password given as ?password= is never shown, in the message of the refusal or by redact")
    func queryPassword() {
        let text = "postgres://u@db.internal/r?password=hunter2&sslmode=require"
        #expect(!PostgresAddress.redact(text).contains("hunter2"))
        #expect(PostgresAddress.redact(text) == "postgres://u@db.internal/r?password=***&sslmode=require")
        do {
            _ = try PostgresAddress(text, environment: [:])
            Issue.record("an unknown parameter was accepted")
        } catch {
            #expect(error.code == .badLocation)
            #expect(!error.description.contains("hunter2"), "\(error.description)")
            #expect(error.description.contains("unknown parameter password"), "\(error.description)")
        }
        #expect(PostgresAddress.redact("postgres://me:s3cret@h/x?host=/run/pg") == "postgres://me:***@h/x?host=/run/pg")
    }

    @Test("TLS is required unless the host is loopback as written: 127.db.example.com is a name")
    func tlsDefault() throws {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "[::1]"] {
            #expect(try !PostgresAddress("postgres://u@\(host)/r", environment: [:]).requireTLS, "\(host)")
        }
        for host in ["127.db.example.com", "127.0.0.1.example.com", "db.example.com", "10.0.0.1", "127.0.0.256"] {
            #expect(try PostgresAddress("postgres://u@\(host)/r", environment: [:]).requireTLS, "\(host)")
        }
        #expect(try !PostgresAddress("postgres://u@db.example.com/r?sslmode=disable", environment: [:]).requireTLS)
    }
}
