import Foundation

/// A person in the family, as the app syncs them (`FamilyMember` records).
public struct FamilyMember: Equatable, Sendable {
    /// The app's member UUID: the record name, or `CD_id` for Core Data records.
    public var id: String
    public var name: String
    public var role: Role
    public var iCloudUserID: String?
    /// When the record last changed on the server, if known.
    public var modified: Date?

    public init(id: String, name: String, role: Role, iCloudUserID: String? = nil, modified: Date? = nil) {
        self.id = id
        self.name = name
        self.role = role
        self.iCloudUserID = iCloudUserID
        self.modified = modified
    }
}
