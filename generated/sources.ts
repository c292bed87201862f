// Generated from openapi/ by `npm run generate`. Do not edit by hand.
// The SHA-256 of every source file of the contract (openapi/) when generated/ was made;
// protocol/freshness.ts compares them with openapi/ as it is now.

export const sourceHashes: Readonly<Record<string, string>> = {
  "examples/company-search-at.yaml": "6532962256d3fecedf5a04a26e871db97f69861c5c18fa45523807f2a11107e4",
  "examples/company-search-ch.yaml": "d6161b5ed69a0c416a3fd2565a34a6c4816d6ba204d3499bae64ee33259c8c06",
  "examples/company-search-de.yaml": "238c4fb72f3cdc69dda73f652dc93de78f42bc8728c3434317e891c8fbfc61e9",
  "examples/company-search-empty.yaml": "431c81a72bf9bd97e5ef024455bbe0ccd34f052b7f9843c5026843ef42a45770",
  "examples/error-forbidden.yaml": "89ecf8512d92bd542ad1cafac825ff7629510f7d8a783b0a15e4420eec2060be",
  "examples/error-invalid.yaml": "97bc01a23d06d71b27b3a84e3876841ea74437311266032254c3dae914b22b7c",
  "examples/error-not-found.yaml": "6069380bba555015df5aa5d0531e4e434854d13b28b152718ceaec3e1ec54580",
  "examples/error-unauthorized.yaml": "5e2e822657893f5042849ff6bb6e0d66debb4b84e68d0ce130057af40b0b9dc2",
  "examples/municipalities-at.yaml": "844bdb578b384935546c7d8c3445c56e31eb30db8ef6b08cedf535f941a45477",
  "examples/municipalities-ch.yaml": "78e2e2cee437cf47625d9b635e39b5e117278dc657bff683e2bc7984cef14fda",
  "examples/municipalities-de.yaml": "05846df6511863207f7eaaf432bb7ee58389377e93c78ea9ff7f0519f15dd9cf",
  "examples/municipalities-empty.yaml": "07fe9f8491d50e14d3d419b4819ab29f976f32598384f6ace7a10c57204f2241",
  "examples/search-by-name.yaml": "b1665b4decf9db1eee9ede0fc7db916a5cde6b5e41630af3493cd7d8ee8eac65",
  "examples/search-by-registration-number.yaml": "43bf4953bc7cb0e9d86e953f4621da5d8155336a9330872923adea6a17c3ffd2",
  "examples/search-by-status.yaml": "0600c4aa1657b3574656f2cb4e919211d2ef38bf1e06402d8210692b0a77059e",
  "examples/watchdog-activate.yaml": "02ad81f31023bb3260ab1b7dcfee28eb1bfd5e290d198ef0dca2878ad4256b45",
  "examples/watchdog-at.yaml": "f88e6bc0b846207b592950d5ed25bac02e239a3e19a0697a45c750c5b706b956",
  "examples/watchdog-ch-empty.yaml": "2fb05c3b954c37c2a2a9081458907042d64e832f34839790739c5ebd9ce75569",
  "examples/watchdog-ch.yaml": "b5a0c0989193728b04c588bdea50142205743ae424854a97f7db997615a2f83d",
  "examples/watchdog-create-at.yaml": "a287d749ccc4720b5cddeb774e2858a3eb7deca7afb5522c035c75a030488e87",
  "examples/watchdog-create-minimal.yaml": "10effbfef481592c59925991a4e2b9283db30e11798433a481948d4a48a364ee",
  "examples/watchdog-de.yaml": "d5237d547ea5f5722dffa16c2d68c2301f9a5c4ad84fe503f62e8959c6c459f2",
  "examples/watchdog-deactivate.yaml": "3461893c3ebb6a4697d201eb1a72042bccd5c5000ade25f6bc40613509a20e0c",
  "examples/watchdog-patch-rename.yaml": "a5570f448677288cd26055778d50a0836bf8ed2b8f7b8f134edfad0c712c4c01",
  "examples/watchdog-subscribe.yaml": "42a35a45070ea6193d2cd18659a2cc104cfb1e31ec756b9a491df3a7dba95d89",
  "examples/watchdog-unsubscribe.yaml": "9648c8da72de75a0f68d946ea9de69fea63f7593f9d4b375204c9a8219c7529c",
  "openapi.yaml": "983904d8ea972fec3b11fde72bb0e01c25bcae85829903f390b38fb60098db7d",
  "parameters/CompanyStatusQuery.yaml": "df7c49a1c8a368e1a678272ee8c4c21600e7e021eeda8b2bc300639232c90570",
  "parameters/CountryCode.yaml": "5837ec057a8a2346347f017358b9851f07e3d3375c2a80710443ba955d857d30",
  "parameters/CountryCodeExclude.yaml": "65bcaf03864b2bf6b811a020253505272767da2ef1ece460c978b4c2df0ac099",
  "parameters/District.yaml": "19c0702ec2da41d9317c87f5e3cff64e8ef57a066570f5a03f53ac32a3ec2a77",
  "parameters/EventUuid.yaml": "1405a82d7096df37f62452095b5554c443ea9e8d93c8ead6dacd766305efee34",
  "parameters/MunicipalityStatus.yaml": "1e69ea1119d6c7503c952f0c1c9c78d83e638a86cb44584a55da6e6b4073a533",
  "parameters/MunicipalityUuid.yaml": "5fb0d188e8847ef32a524362a4416526ee19a391ac81d3d2bcd903de9726eaad",
  "parameters/OfficialCode.yaml": "857b93c435e5536210f0d8d885b55bb4b3399eb9409c5ceabf26afe04152301d",
  "parameters/OfficialRole.yaml": "703c871d938e20b9163d8a338e0fecfe8f063084942a151547400e591f3ab45d",
  "parameters/Page.yaml": "9e5433d204cd740dcb661b0e5d0e434cd4e6f538b216354a28fc240d7edef56d",
  "parameters/Q.yaml": "274cc485c155b866383f492e84016ca54941e6db838cecec8febb74cea6d34bb",
  "parameters/State.yaml": "290bbcc652a74bc9867ea2fa73af081cc8a02a00c9fc9f94e14323fdf031b385",
  "parameters/WatchdogUuid.yaml": "3ace16c8bed92dd36368760bb2011603fbf8d3c5272f68ca59bd6955bfed8037",
  "paths/companies_search.yaml": "5e0ff7030b414b619be309786a91e9547899346441bbe926a0aa95a85822862d",
  "paths/municipalities.yaml": "b4040e06a19043019af5086aa79f33aa3c08a3d7aed1c047840891a7c6be8a31",
  "paths/watchdog_activate.yaml": "ad4ee7fcb1388a1476562cb064ee4f525a371b3e26fcaf327134dfd587902fa4",
  "paths/watchdog_deactivate.yaml": "c7d5e23abe03c9d29d67e50b5256520a5091904f8500384bfd292f41ea50f9b2",
  "paths/watchdog_event.yaml": "99a824e988e097fd4e7b29f97f377a43aabfbb756c4ce0cc28aefb4cd79afcda",
  "paths/watchdog_subscribe.yaml": "ce50b514eaa82da28772145714a3cf8c0b49273c000b2c0b3871ba8571cf0db5",
  "paths/watchdog_unsubscribe.yaml": "141b22420a2237159a7f34d1bf42226801691d9a8991e837fa825ed9e4733e78",
  "paths/watchdogs.yaml": "6352f4215de644e644f0db9e27624b3fbc9884118b84aa67c8280ad9c2e18253",
  "request-bodies/CompanySearch.yaml": "76aa9a4a41000723a7bbf219568415e8c135a16e3aa483980f066cbbd4485781",
  "request-bodies/WatchdogActivate.yaml": "fbdbc9257b9f5ef8359912f1384d9991ef3c4135c4122f328023202fc2ba6b8c",
  "request-bodies/WatchdogCreate.yaml": "399bd9d5730c93f5bc114117e2ce800d5d8f49d0fd240036632d224d97b654bc",
  "request-bodies/WatchdogDeactivate.yaml": "56afc1daaff92582202537e2c6a9458fb40f0a32d543f36d4d33649b01d77fe1",
  "request-bodies/WatchdogPatch.yaml": "c7d59769e3da8b85702d12175d8289a8523db2745c8d05f9699177e206290b05",
  "request-bodies/WatchdogSubscribe.yaml": "d84115cc87e0299dfa6546a57019c456245907d0717bcab5d5a344c6689abe79",
  "request-bodies/WatchdogUnsubscribe.yaml": "5bdcc82fa48334bf0da58aeb6d6f20f97060aeebbde3ce36b5d20145d0fa91cd",
  "responses/BadRequest.yaml": "76c3ef471a99dd0f87cb1d7ae46c98682a645b47b7b176e8b0b670aead1b4687",
  "responses/CompanySearchPage.yaml": "af8fb044d562b82c20d614bbfc8f486f0be9f32bf24f64127798f77e55052611",
  "responses/Forbidden.yaml": "3b4b048e337b24bcf234b9dacfd1dcd73f8d1c871606f7171c054fd4b454090d",
  "responses/MunicipalityPage.yaml": "42663566aa35add2def162d93ad92ebeaf2eb9849d90bc4e3d863693fe0ef59d",
  "responses/NotFound.yaml": "0840de8eb31700480cb2d532026c0f70a735b3e39f9da19bf41f00a3c79f9437",
  "responses/Unauthorized.yaml": "2a2e35071166b75665e83b7f829369466c15bc9e1523b4f223ee9733ba73179d",
  "responses/WatchdogCreated.yaml": "98f2acd6a7f2d0709a3bc5f4da1280206678f61b65b5f2ea06e34106785c6c76",
  "responses/WatchdogOk.yaml": "b2116249d67ab09256981f17250f2006417b76a0d71ae092b459a497f41c4580",
  "schemas/CompanySearchRequest.yaml": "39c96985a157fbbad747c22b26fae8b8db36874b72012fd65a8d51346caed810",
  "schemas/CompanySearchResult.yaml": "e5d17f1747b8719cfd6137b0252ae59fa5204cffdbed542f0c6e91399eeedc16",
  "schemas/CompanyStatus.yaml": "cc74a87382dfa921b87bef4e5671781a429b5847e9ed971794d241b47d9e48a4",
  "schemas/Error.yaml": "f9ebf1bed14534a537b7c1dd8a17204d65af7a3db1be96510367908c6b1acdeb",
  "schemas/MonitoredCompany.yaml": "106815a82146fee89eb136c75b1c5b49c54c7fe10d343621e4dbd0650b7d5846",
  "schemas/MunicipalRole.yaml": "7f72e7f6d68297ca8e2092d19fc7cae9fe91d6d2d0687e7d87e04ee4de95938c",
  "schemas/Municipality.yaml": "1efdcf2ffd34f9be857df6dba637e094d1dcaa899e5e0a3cf337aaf281e245fe",
  "schemas/MunicipalityOfficial.yaml": "d73322bb9a1f81e360c0f6971f349e01ba1c271aaa4ff3852c256ccd7379595d",
  "schemas/PaginatedCompanySearchResultList.yaml": "dd4880f7549a783a1d7d07bfa5a37c754bde6154454a5bdfbc50809450ae9da7",
  "schemas/PaginatedMunicipalityList.yaml": "93d27c5db59d60347dc8b690f788556d1f9c3dc2188fdb8eb09d56048ade9016",
  "schemas/PatchedWatchdogRequest.yaml": "959969a7bda8c9c784cf43d92974cd0a6a6f61b76d475498335966136a98aff0",
  "schemas/RelationshipType.yaml": "78b316791ab7653b9f9239b16463f606612e80f524c6098d24da07ea4b40066a",
  "schemas/VerificationStatus.yaml": "be6ea02bd029514602c68c940b5a9e645adc279c465a875ae41d74b334517d02",
  "schemas/Watchdog.yaml": "68b97e860300cce4c8c56f1f451a9ebffeb4f9787f310c11a86f919b3c86acf7",
  "schemas/WatchdogActivateRequest.yaml": "4c0bb5545842c098ad1805c7449cbcb15b0ab763709b73e762af1007edbc5e78",
  "schemas/WatchdogRequest.yaml": "5fb535218b32c6d98a8c054eba40e5de3e62c91c8b334c8730365102a0df6157",
  "schemas/WatchdogSubscriptionRequest.yaml": "97cd2280b006a2dff3421b790ae2da1cc288f46e93962cd7a91b45ddec9875d1"
};

// Where each operation is written: the file (from the folder that holds openapi/) and the line of its method key.
export const operationSources: Readonly<Record<string, { file: string; line: number }>> = {
  "companiesSearch": {
    "file": "openapi/paths/companies_search.yaml",
    "line": 1
  },
  "municipalitiesList": {
    "file": "openapi/paths/municipalities.yaml",
    "line": 1
  },
  "watchdogsActivate": {
    "file": "openapi/paths/watchdog_activate.yaml",
    "line": 1
  },
  "watchdogsCreate": {
    "file": "openapi/paths/watchdogs.yaml",
    "line": 1
  },
  "watchdogsDeactivate": {
    "file": "openapi/paths/watchdog_deactivate.yaml",
    "line": 1
  },
  "watchdogsEventsPartialUpdate": {
    "file": "openapi/paths/watchdog_event.yaml",
    "line": 1
  },
  "watchdogsSubscribe": {
    "file": "openapi/paths/watchdog_subscribe.yaml",
    "line": 1
  },
  "watchdogsUnsubscribe": {
    "file": "openapi/paths/watchdog_unsubscribe.yaml",
    "line": 1
  }
};

// The contract's entry file, for what concerns no one operation.
export const contractSource = {"file":"openapi/openapi.yaml","line":1} as const;
