/// A named set of role styles. Roles a theme leaves out fall back to its parent role, then to the default theme,
/// so a user theme can change three colours and still be complete.
public struct Theme: Hashable, Sendable {
    /// The name `--theme` and `t` use: the file's name without `.toml`.
    public var name: String
    public var description: String
    public var styles: [StyleRole: RoleStyle]
    /// Styles used for roles this theme does not set (the default theme's).
    public var fallback: [StyleRole: RoleStyle]

    public init(
        name: String, description: String = "", styles: [StyleRole: RoleStyle], fallback: [StyleRole: RoleStyle] = [:]
    ) {
        self.name = name
        self.description = description
        self.styles = styles
        self.fallback = fallback
    }

    /// The style of `role`: this theme's own, else the fallback theme's, else the parent role's.
    public func style(for role: StyleRole) -> RoleStyle {
        if let own = styles[role] { return own }
        if let inherited = fallback[role] { return inherited }
        if let parent = role.parent { return style(for: parent) }
        return .plain
    }

    /// How `role` looks in `mode`. In mono mode only attributes remain; with 8 colours bright ones become bold.
    public func appearance(for role: StyleRole, mode: ColorMode) -> Appearance {
        let style = style(for: role)
        switch mode {
        case .mono:
            return Appearance(attributes: style.mono ?? Self.monoDefault(for: role) ?? style.attributes)
        case .ansi8:
            var attributes = style.attributes
            if style.foreground.index >= 8 { attributes.insert(.bold) }
            return Appearance(
                foreground: style.foreground.base.index, background: style.background.base.index, attributes: attributes
            )
        case .ansi16:
            return Appearance(
                foreground: style.foreground.index, background: style.background.index, attributes: style.attributes)
        case .ansi256:
            return Appearance(
                foreground: style.foreground256 ?? style.foreground.index,
                background: style.background256 ?? style.background.index, attributes: style.attributes)
        }
    }

    /// Built-in mono attributes: what must stay distinguishable without colour (selection, focus, the status bar,
    /// failures). Markers carry the rest.
    public static func monoDefault(for role: StyleRole) -> TextAttributes? {
        switch role {
        case .listSelected, .statusBar, .statusKey: return .reverse
        case .statusUnsaved: return [.reverse, .bold]
        case .listSelectedUnfocused: return .underline
        case .paneBorderFocused, .paneTitleFocused, .overlayBorder: return .bold
        case .paneTitle, .verdictRejected, .certExpired, .error, .prompt, .pinActive: return .bold
        case .certExpiring, .verdictWarning: return .underline
        case .dim, .diffRemoved, .verdictPending: return .dim
        case .diffAdded: return .bold
        case .text, .label, .paneBorder, .pinBackup, .verdictAccepted, .overlayText, .diffContext: return []
        }
    }
}
