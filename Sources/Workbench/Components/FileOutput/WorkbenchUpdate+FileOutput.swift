import Foundation
import ManifestEditing
import PinExport
import PinningCore

extension WorkbenchUpdate {
    /// `s`: save the selected certificate, or the chain as the server sent it, as PEM.
    mutating func openSavePEM() {
        guard let domain = selectedDomainPolicy, let level = selectedChainLevel,
            let chain = selectedLive?.chain
        else {
            say(.nothingToSavePEM)
            return
        }
        // A report's chain is the sender's, not the server's: its labels and file names say so.
        let report = state.reports.opened.flatMap { $0.host == domain.normalizedHost ? $0.id : nil }
        let name = WorkbenchState.fileSafe(domain.host) + (report.map { "-report\($0)" } ?? "")
        var choices: [FileOutputDialog.Choice] = []
        let kind = level.kind(level: selection.selectedLevel)
        if let certificate = chain.certificate(fingerprint: level.details.sha256Fingerprint) {
            choices.append(
                .init(
                    label: (report.map { "report #\($0)'s " } ?? "")
                        + "this certificate: level \(selection.selectedLevel) \(kind), \(level.details.subject)",
                    defaultPath: "\(name)-level\(selection.selectedLevel).pem",
                    content: .pem(certificate.pemText, certificates: 1)))
        }
        let sent =
            report.map { "the whole chain report #\($0) carried (the sender's, not the server's" }
            ?? "the whole chain as the server sent it ("
        choices.append(
            .init(
                label: "\(sent)\(counted(chain.certificates.count, "certificate")))",
                defaultPath: "\(name)-chain.pem",
                content: .pem(ChainCertificate.pemText(chain.certificates), certificates: chain.certificates.count)))
        var notes: [String] = []
        if choices.count == 1 {
            notes.append(
                "Level \(selection.selectedLevel) was neither sent by the server nor in the path OpenSSL built, so only the "
                    + "chain can be saved.")
        }
        overlay = .fileOutput(FileOutputDialog(title: "Save PEM", notes: notes, choices: choices))
    }

    /// `x`: export the edited manifest in one of PinningCore's formats (every case of ``ExportFormat``).
    mutating func openExport() {
        let stem = editing.document.url.deletingPathExtension().lastPathComponent
        let choices = ExportFormat.allCases.map { format in
            FileOutputDialog.Choice(
                label: "\(format.rawValue)  \(format.summary)",
                defaultPath: "\(stem)-\(format.rawValue).\(WorkbenchState.fileExtension(format))",
                content: .export(format))
        }
        let name = editing.document.url.lastPathComponent
        let notes =
            editing.isDirty
            ? ["Exports the edited manifest: it differs from \(name) on disk (unsaved changes; m shows them)."]
            : ["Exports \(name) (no unsaved changes)."]
        overlay = .fileOutput(FileOutputDialog(title: "Export", notes: notes, choices: choices))
    }

    mutating func handleFileOutputKey(_ key: Key, _ dialog: FileOutputDialog) -> [Effect] {
        var dialog = dialog
        let outcome = dialog.update(key, keyMap: keyMap)
        return apply(outcome, dialog)
    }

    /// The backend's answer to a file write.
    mutating func fileWriteFinished(path: String, error: OutputFileError?) -> [Effect] {
        guard case .fileOutput(var dialog) = overlay else {
            if let error { say(.fileNotWritten(error)) }
            return []
        }
        let outcome = dialog.finished(error)
        if let error, error.code != .exists {
            say(.fileNotWritten(error))
        } else if error == nil {
            say(state.written(dialog.chosen?.content, path: path))
        }
        return apply(outcome, dialog)
    }

    private mutating func apply(_ outcome: FileOutputDialog.Action, _ dialog: FileOutputDialog) -> [Effect] {
        switch outcome {
        case .stay:
            overlay = .fileOutput(dialog)
            return []
        case .close:
            overlay = nil
            return []
        case .write(let choice, let path, let replacing):
            var dialog = dialog
            let companions: [ExportedFile]
            if case .export(let format) = choice.content {
                let result = state.exportResult(format)
                if let refusal = result.refusals.first {
                    // As `pinbench export` without --allow-invalid: a configuration the client refuses is not written.
                    dialog.stage = .naming
                    overlay = .fileOutput(dialog)
                    say(.exportRefused(format, first: refusal.message, more: result.refusals.count - 1))
                    return []
                }
                companions = result.files
            } else {
                companions = []
            }
            overlay = .fileOutput(dialog)
            return [
                .output(
                    .writeFile(
                        path: path, contents: state.contents(choice.content), replacing: replacing,
                        companions: companions))
            ]
        }
    }

}

extension WorkbenchState {
    func contents(_ content: FileOutputDialog.Content) -> [UInt8] {
        switch content {
        case .pem(let text, _): return Array(text.utf8)
        case .export(let format): return Array(exportResult(format).text.utf8)
        }
    }

    /// What was written at `path`: a PEM file, an export (with its warnings), or a file of neither.
    func written(_ content: FileOutputDialog.Content?, path: String) -> Notice {
        switch content {
        case .pem(_, let count)?:
            return .pemSaved(certificates: count, path: path)
        case .export(let format)?:
            return .exported(
                format, path: path, unsavedIncluded: editing.isDirty,
                warnings: exportResult(format).warnings)
        case nil:
            return .fileWritten(path: path)
        }
    }

    /// The edited manifest in `format`, as `pinbench export` makes it: judged at the workbench's clock, with the
    /// live chains' certificates for the formats that bundle them (Alamofire, AFNetworking).
    func exportResult(_ format: ExportFormat) -> ExportResult {
        var options = ExportOptions(now: chrome.now)
        if format.needsCertificates {
            options.certificates = results.live.keys.sorted().flatMap { results.live[$0]?.chain?.certificates ?? [] }
        }
        return PinExporter.export(manifest, as: format, options: options)
    }

    /// A host as part of a file name: IPv6 colons and anything but letters, digits, dots and dashes become `_`.
    static func fileSafe(_ host: String) -> String {
        String(host.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" })
    }

    /// The usual file extension of a format's output, `txt` for formats without one.
    static func fileExtension(_ format: ExportFormat) -> String {
        let known = [
            "okhttp": "kt", "android": "xml", "trustkit": "plist", "ats": "plist", "urlsession": "swift",
            "alamofire": "swift", "afnetworking": "m", "curl": "sh",
        ]
        return known[format.rawValue] ?? "txt"
    }
}
