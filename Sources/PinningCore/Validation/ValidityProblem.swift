import Foundation
import X509

/// One certificate of a path outside its validity period at the validation time. The verdict's rejection
/// (``Verdict/Rejection/notYetValid`` or ``Verdict/Rejection/expired``) is decided on these values, and their text is
/// made only for the reasons a person reads.
struct ValidityProblem: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case notYetValid(notBefore: Date)
        case expired(notAfter: Date)
    }

    /// 0 for the leaf, counting up towards the anchor.
    var level: Int
    var subject: String
    var kind: Kind
    var validationTime: Date

    /// The problems of `path` (leaf first) at `time`, one per certificate outside its period.
    static func problems(in path: [Certificate], at time: Date) -> [ValidityProblem] {
        path.enumerated().compactMap { level, certificate in
            let kind: Kind
            if time < certificate.notValidBefore {
                kind = .notYetValid(notBefore: certificate.notValidBefore)
            } else if time > certificate.notValidAfter {
                kind = .expired(notAfter: certificate.notValidAfter)
            } else {
                return nil
            }
            return ValidityProblem(
                level: level, subject: certificate.subject.opensslString, kind: kind, validationTime: time)
        }
    }

    /// The rejection a path with these problems earns: a certificate not yet valid is named first, since waiting
    /// fixes it and renewing does not.
    static func rejection(for problems: [ValidityProblem]) -> Verdict.Rejection {
        problems.contains { if case .notYetValid = $0.kind { true } else { false } } ? .notYetValid : .expired
    }

    var reason: String {
        let what = level == 0 ? "the leaf" : "level \(level)"
        switch kind {
        case .notYetValid(let notBefore):
            return "\(what) (\(subject)) is not valid before \(Timestamp.format(notBefore))"
        case .expired(let notAfter):
            let days = Int(validationTime.timeIntervalSince(notAfter) / 86_400)
            return "\(what) (\(subject)) expired on \(Timestamp.format(notAfter)), "
                + "\(days) day\(days == 1 ? "" : "s") before the validation time \(Timestamp.format(validationTime))"
        }
    }
}
