import Foundation
import Testing

@testable import WorkbenchThemes

@Suite struct ThemeParserTests {
    @Test func parsesTheFlatSubset() throws {
        let text = """
            # a comment
            description = "mine" # trailing comment
            "pane.border" = { fg = "blue", fg256 = 33, bg = "default" }
            verdict.rejected = { fg = "bright-red", attrs = ["bold", "underline"], mono = ["reverse"] }
            dim = { fg = "grey", bg256 = "default" }
            text = { }
            """
        let theme = try ThemeParser.parse(text, name: "mine", file: "mine.toml")
        #expect(theme.description == "mine")
        #expect(theme.styles[.paneBorder] == RoleStyle(foreground: .blue, foreground256: 33))
        #expect(
            theme.styles[.verdictRejected]
                == RoleStyle(foreground: .brightRed, attributes: [.bold, .underline], mono: .reverse))
        #expect(theme.styles[.dim] == RoleStyle(foreground: .brightBlack, background256: -1))
        #expect(theme.styles[.text] == RoleStyle.plain)
        #expect(theme.styles.count == 4)
    }

    @Test(arguments: [
        ("text = { fg = \"grene\" }", 1, "unknown colour \"grene\""),
        ("\n\npane.bordr = { fg = \"red\" }", 3, "unknown role pane.bordr"),
        ("text { fg = \"red\" }", 1, "expected `=` after text"),
        ("text = { fg = \"red }", 1, "unterminated string"),
        ("[roles]", 1, "table headers"),
        ("text = {}\ntext = {}", 2, "text is set twice"),
        ("dim = { fg256 = 300 }", 1, "between 0 and 255, not 300"),
        ("dim = { colour = \"red\" }", 1, "unknown field colour"),
        ("dim = { attrs = [\"blink\"] }", 1, "unknown attribute \"blink\""),
        ("dim = \"red\"", 1, "must be an inline table"),
        ("dim = { fg = \"red\",\n  bg = \"blue\" }", 1, "inline tables stay on one line"),
        ("dim = { attrs = [\"bold\",", 1, "arrays stay on one line"),
        ("dim = { fg = red }", 1, "unsupported value starting with `r`"),
        ("dim = { fg = \"red\" } extra", 1, "unexpected text after the value"),
    ])
    func badFilesSayWhereAndWhat(text: String, line: Int, message: String) {
        do {
            _ = try ThemeParser.parse(text, name: "bad", file: "/cfg/bad.toml")
            Issue.record("parsed without error")
        } catch {
            #expect(error.line == line)
            #expect(error.file == "/cfg/bad.toml")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("/cfg/bad.toml:\(line): "))
        }
    }

    /// A 200,000-deep nesting is refused at the ninth level; a test of its own, so the log never prints it whole.
    @Test func deepNestingSaysTheLimit() {
        badFilesSayWhereAndWhat(
            text: "\r\ndim = { attrs = " + String(repeating: "[", count: 200_000), line: 2,
            message: "nest at most 8 levels")
    }

    /// Found by fuzzing (Fuzz/): "\r\n" is a single Character, so splitting on "\n" left a CRLF file one line.
    @Test func windowsLineEndingsParse() throws {
        let text = "# written on Windows\r\ndescription = \"crlf\"\r\ndim = { fg = \"grey\" }\r\n"
        let theme = try ThemeParser.parse(text, name: "crlf", file: "crlf.toml")
        #expect(theme.description == "crlf")
        #expect(theme.styles[.dim] == RoleStyle(foreground: .brightBlack))
    }

    @Test func everyShippedThemeParsesAndCoversEveryRole() throws {
        #expect(ShippedThemes.sources.map(\.name) == ["default", "light", "high-contrast", "mono"])
        for source in ShippedThemes.sources {
            let theme = try ThemeParser.parse(source.text, name: source.name, file: source.name)
            let missing = StyleRole.allCases.filter { theme.styles[$0] == nil }
            #expect(missing.isEmpty, "\(source.name) lacks \(missing)")
        }
        #expect(ThemeCatalog.shipped.problems.isEmpty)
    }

    @Test func shippedSourcesMatchTheThemeFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".toml") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(ShippedThemes.sources.map(\.name)))
        for source in ShippedThemes.sources {
            let text = try String(contentsOf: root.appendingPathComponent(source.name + ".toml"), encoding: .utf8)
            #expect(
                text.trimmingCharacters(in: .newlines) == source.text.trimmingCharacters(in: .newlines),
                "themes/\(source.name).toml differs from ShippedThemes.swift: run scripts/generate-shipped-themes.sh")
        }
    }
}

@Suite struct ThemeCatalogTests {
    @Test func userThemesOverrideAndAddAndMissingRolesFallBackToDefault() {
        let catalog = ThemeCatalog(userFiles: [
            ("/x/light.toml", "text = { fg = \"magenta\" }"),
            ("/x/ocean.toml", "\"pin.active\" = { fg = \"cyan\" }"),
            ("/x/notes.txt", "ignored"),
        ])
        #expect(catalog.themes.map(\.name) == ["default", "light", "high-contrast", "mono", "ocean"])
        #expect(catalog.problems.isEmpty)
        let light = catalog.theme(named: "light")!
        #expect(light.style(for: .text).foreground == .magenta)
        let ocean = catalog.theme(named: "ocean")!
        #expect(ocean.style(for: .pinActive).foreground == .cyan)
        #expect(ocean.style(for: .verdictRejected) == catalog.defaultTheme.style(for: .verdictRejected))
    }

    @Test func aBadUserFileIsReportedAndTheShippedThemeStays() {
        let catalog = ThemeCatalog(userFiles: [("/x/default.toml", "text = { fg = \"nope\" }")])
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems[0].hasPrefix("/x/default.toml:1: unknown colour \"nope\""))
        #expect(catalog.defaultTheme == ThemeCatalog.shipped.defaultTheme)
        let (theme, warning) = catalog.select("nonexistent")
        #expect(theme.name == "default")
        #expect(warning?.contains("theme nonexistent not found") == true)
    }

    @Test func loadsFromXDGConfigHome() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-themes-\(UUID())")
        let dir = base.appendingPathComponent("pinbench/themes")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try "text = { fg = \"red\" }".write(
            to: dir.appendingPathComponent("red.toml"), atomically: true, encoding: .utf8)
        try "text = oops".write(to: dir.appendingPathComponent("broken.toml"), atomically: true, encoding: .utf8)
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": base.path])
        #expect(catalog.theme(named: "red")?.style(for: .text).foreground == .red)
        #expect(catalog.theme(named: "broken") == nil)
        #expect(catalog.problems.count == 1 && catalog.problems[0].contains("broken.toml:1:"))
        #expect(ThemeCatalog.userDirectory(environment: ["HOME": "/h"]) == "/h/.config/pinbench/themes")
    }

    @Test("a FIFO, a folder and a huge file named *.toml are problems, read without blocking")
    func hostileThemeFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-themes-\(UUID())")
        let dir = base.appendingPathComponent("pinbench/themes")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("folder.toml"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        #expect(mkfifo(dir.appendingPathComponent("fifo.toml").path, 0o600) == 0)
        let huge = dir.appendingPathComponent("huge.toml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        try "text = { fg = \"red\" }".write(
            to: dir.appendingPathComponent("red.toml"), atomically: true, encoding: .utf8)
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": base.path])
        #expect(catalog.theme(named: "red") != nil)
        #expect(catalog.problems.count == 3, "\(catalog.problems)")
        #expect(catalog.problems.contains { $0.contains("fifo.toml") && $0.contains("not a regular file") })
        #expect(catalog.problems.contains { $0.contains("folder.toml") && $0.contains("is a folder") })
        #expect(catalog.problems.contains { $0.contains("huge.toml") && $0.contains("256 KiB") })
    }

    @Test func nextThemeWraps() {
        let catalog = ThemeCatalog.shipped
        #expect(catalog.theme(after: "default").name == "light")
        #expect(catalog.theme(after: "mono").name == "default")
        #expect(catalog.theme(after: "unknown").name == "default")
    }
}

@Suite struct ColorModeTests {
    @Test func noColorAndColourlessTerminalsAreMono() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1"], colors: 256) == .mono)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""], colors: 256) == .ansi256)
        #expect(ColorMode.detect(environment: [:], colors: 0) == .mono)
        #expect(ColorMode.detect(environment: [:], colors: 256, hasColors: false) == .mono)
        #expect(ColorMode.detect(environment: [:], colors: 8) == .ansi8)
        #expect(ColorMode.detect(environment: [:], colors: 16) == .ansi16)
    }

    @Test func appearancesPerMode() {
        let theme = ThemeCatalog.shipped.defaultTheme
        let mono = theme.appearance(for: .listSelected, mode: .mono)
        #expect(mono == Appearance(attributes: .reverse))
        let rejected = theme.appearance(for: .verdictRejected, mode: .ansi256)
        #expect(rejected.foreground == 167 && rejected.attributes.contains(.bold))
        #expect(theme.appearance(for: .verdictRejected, mode: .ansi16).foreground == TerminalColor.red.index)
        let error8 = theme.appearance(for: .error, mode: .ansi8)
        #expect(error8.foreground == TerminalColor.red.index && error8.attributes.contains(.bold))
    }

    @Test func monoKeepsTheStatesThatMatterDistinguishable() {
        let theme = ThemeCatalog.shipped.defaultTheme
        func attrs(_ role: StyleRole) -> TextAttributes { theme.appearance(for: role, mode: .mono).attributes }
        #expect(attrs(.listSelected) != attrs(.text))
        #expect(attrs(.paneBorderFocused) != attrs(.paneBorder))
        #expect(attrs(.statusBar) != attrs(.text))
        #expect(attrs(.verdictRejected) != attrs(.verdictAccepted))
        for role in StyleRole.allCases {
            #expect(theme.appearance(for: role, mode: .mono).foreground == -1)
        }
    }
}
