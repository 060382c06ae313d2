import Foundation
import PinningCore

/// The themes on offer: the shipped ones, then the user's from `$XDG_CONFIG_HOME/pinbench/themes`, which override
/// shipped themes of the same name or add new ones. Files that do not parse are reported in ``problems`` and
/// skipped, so a typo in a user theme never leaves the workbench without one.
public struct ThemeCatalog: Hashable, Sendable {
    /// In menu order: shipped themes, then user additions by name. Never empty; `themes[0]` is `default`.
    public private(set) var themes: [Theme]
    /// One message per file that could not be used, `file:line: message`.
    public private(set) var problems: [String]

    /// A catalog of the shipped themes only (what tests and `NO_COLOR` screenshots use).
    public static let shipped: ThemeCatalog = ThemeCatalog(userFiles: [])

    /// Builds the catalog from the shipped sources plus `userFiles` (file name, text).
    public init(userFiles: [(file: String, text: String)]) {
        var problems: [String] = []
        var defaultStyles: [StyleRole: RoleStyle] = [:]
        var themes: [Theme] = []
        for source in ShippedThemes.sources {
            do {
                var theme = try ThemeParser.parse(source.text, name: source.name, file: "themes/\(source.name).toml")
                if source.name == "default" { defaultStyles = theme.styles }
                theme.fallback = defaultStyles
                themes.append(theme)
            } catch {
                problems.append(error.description)
            }
        }
        if themes.first?.name != "default" {
            themes.insert(Theme(name: "default", styles: defaultStyles), at: 0)
        }
        for (file, text) in userFiles.sorted(by: { $0.file < $1.file }) {
            let base = (file as NSString).lastPathComponent
            guard base.hasSuffix(".toml") else { continue }
            let name = String(base.dropLast(5))
            do {
                var theme = try ThemeParser.parse(text, name: name, file: file)
                theme.fallback = defaultStyles
                if let i = themes.firstIndex(where: { $0.name == name }) {
                    themes[i] = theme
                } else {
                    themes.append(theme)
                }
            } catch {
                problems.append(error.description + " (theme \(name) not loaded)")
            }
        }
        self.themes = themes
        self.problems = problems
    }

    public static func == (lhs: ThemeCatalog, rhs: ThemeCatalog) -> Bool {
        lhs.themes == rhs.themes && lhs.problems == rhs.problems
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(themes)
        hasher.combine(problems)
    }

    /// The user theme folder for an environment: `$XDG_CONFIG_HOME/pinbench/themes`, else
    /// `$HOME/.config/pinbench/themes`.
    public static func userDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/pinbench/themes" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/pinbench/themes" }
        return nil
    }

    /// Loads the shipped themes and the `*.toml` files of the user folder. An unreadable file is a problem, not
    /// a failure.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThemeCatalog {
        guard let directory = userDirectory(environment: environment),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return .shipped }
        var files: [(file: String, text: String)] = []
        var unreadable: [String] = []
        for name in names.sorted() where name.hasSuffix(".toml") {
            let path = directory + "/" + name
            do {
                let data = try BoundedFileReader.read(URL(fileURLWithPath: path), limit: maximumFileSize, what: "theme")
                if let text = String(data: data, encoding: .utf8) {
                    files.append((path, text))
                } else {
                    unreadable.append("\(path): not UTF-8 text (theme not loaded)")
                }
            } catch {
                unreadable.append("\(error.description) (theme not loaded)")
            }
        }
        var catalog = ThemeCatalog(userFiles: files)
        catalog.problems += unreadable
        return catalog
    }

    /// A theme is a few dozen lines; anything near this size is not one.
    static let maximumFileSize = 256 << 10

    /// The default theme.
    public var defaultTheme: Theme { themes[0] }

    public func theme(named name: String) -> Theme? {
        themes.first(where: { $0.name == name })
    }

    /// The theme called `name`, or the default with a message saying why (unknown name, or a file that failed).
    public func select(_ name: String?) -> (theme: Theme, warning: String?) {
        guard let name else { return (defaultTheme, nil) }
        if let theme = theme(named: name) { return (theme, nil) }
        let known = themes.map(\.name).joined(separator: ", ")
        return (defaultTheme, "theme \(name) not found (themes: \(known)); using default")
    }

    /// The theme after `name` in menu order, wrapping; what `t` switches to.
    public func theme(after name: String) -> Theme {
        guard let i = themes.firstIndex(where: { $0.name == name }) else { return defaultTheme }
        return themes[(i + 1) % themes.count]
    }
}
