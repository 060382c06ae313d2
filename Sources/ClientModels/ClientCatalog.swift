// The clients PinBench exports pins to and judges chains as. Each is one file of Clients/ (its identity, model,
// default trust and words, each rule with its source); this list orders them for every listing, `--clients all` and
// the workbench's Clients view. Adding a client: its file, and its line here (ARCHITECTURE.md, "Adding a client").

extension ClientModel {
    /// Every client's model, in the order lists show them.
    public static let all: [ClientModel] = [
        .urlsession, .alamofire, .afnetworking, .trustkit, .ats, .okhttp, .okhttp3, .android, .curl, .hpkp,
    ]
}
