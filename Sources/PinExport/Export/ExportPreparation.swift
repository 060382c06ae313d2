import Foundation
import PinningCore

/// What every export does before rendering: leave out lapsed domains and pins whose certificate has expired
/// (unless kept on purpose), and count each pin once.
///
/// A lapsed domain exported as live would pin a client to keys the manifest no longer vouches for; a pin listed
/// twice would satisfy a "two pins" rule (TrustKit's) with one key.
struct ExportPreparation {
    private(set) var domains: [DomainPolicy] = []
    private(set) var warnings: [String] = []

    init(_ source: [DomainPolicy], options: ExportOptions) {
        domains.reserveCapacity(source.count)
        for var domain in source {
            if let expires = domain.expires, domain.hasLapsed(at: options.now) {
                if options.includeLapsed {
                    warnings.append("\(domain.host): lapsed on \(expires) (expires), kept by --include-lapsed")
                } else {
                    warnings.append(
                        "\(domain.host): left out; its pins lapsed on \(expires) (expires); "
                            + "use --include-lapsed to keep it")
                    continue
                }
            }
            var seen = Set<String>()
            var pins: [Pin] = []
            for pin in domain.pins {
                guard seen.insert(pin.type.rawValue + " " + pin.value).inserted else {
                    warnings.append("\(domain.host): pin \(pin.value) is listed twice; it counts once")
                    continue
                }
                if let notAfter = pin.notAfter, notAfter <= options.now {
                    let day = CalendarDay(containing: notAfter)
                    if options.includeLapsed {
                        warnings.append(
                            "\(domain.host): pin \(pin.value) is past its certificate's notAfter (\(day)), "
                                + "kept by --include-lapsed")
                    } else {
                        warnings.append(
                            "\(domain.host): left out pin \(pin.value); its certificate expired on \(day) "
                                + "(notAfter); use --include-lapsed to keep it")
                        continue
                    }
                }
                pins.append(pin)
            }
            domain.pins = pins
            domains.append(domain)
        }
    }
}
