extension WorkbenchUpdate {
    /// `d`: asks before the selected domain is deleted.
    mutating func openDeleteConfirmation() {
        if let domain = selectedDomainPolicy { overlay = .confirmDelete(DeleteConfirmation(host: domain.host)) }
    }

    mutating func handleDeleteConfirmationCommand(_ command: Command, _ current: DeleteConfirmation) -> [Effect] {
        switch current.update(command) {
        case .stay:
            return []
        case .keep:
            overlay = nil
            return []
        case .delete(let host):
            overlay = nil
            return deleteDomain(host)
        }
    }
}
