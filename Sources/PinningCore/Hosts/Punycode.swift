import Foundation

/// RFC 3492 Punycode, used only to tell the user the A-label of a non-ASCII label they typed.
enum Punycode {
    /// `xn--bcher-kva` for `bücher`: the label in Unicode normalization form C, lower-cased, then encoded. Nil when
    /// the result would not be a valid label (too long).
    static func aLabel(for label: String) -> String? {
        let scalars = Array(label.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars).map(\.value)
        guard let encoded = encode(scalars) else { return nil }
        let result = "xn--" + encoded
        return result.utf8.count <= HostName.maximumLabelLength ? result : nil
    }

    /// The name with every non-ASCII label replaced by its A-label, if the result passes the host rule.
    static func asciiName(_ name: String) -> String? {
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            if label.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let aLabel = aLabel(for: String(label)) else { return nil }
                labels.append(aLabel)
            }
        }
        return (try? HostName(labels.joined(separator: ".")))?.text
    }

    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700

    static func encode(_ input: [UInt32]) -> String? {
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var next: UInt32 = 0x80
        var delta = 0
        var bias = 72
        while handled < input.count {
            guard let smallest = input.filter({ $0 >= next }).min() else { return nil }
            let (product, overflow) = Int(smallest - next).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            next = smallest
            for scalar in input {
                if scalar < next { delta += 1 }
                guard scalar == next else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            next += 1
        }
        return String(output)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22)))
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
