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
  "parameters/CompanyStatusQuery.yaml": "d44aaf3bf83d21ba96eb6618f6d2c6aa2af9e1b7be0719b20acd5c81739061b3",
  "parameters/CountryCode.yaml": "4174633619fdd740b1faf964c748461fb3423f03a400b719d04b83379e71889a",
  "parameters/CountryCodeExclude.yaml": "3878a3b09e4a34b81e3295115b9e6a30d0bad219f733ce0fd2ed6cb9fe3ef57d",
  "parameters/District.yaml": "2b636c893ed91d0ed63415265ee0758d66371a716dffeb90d6b184ad3627279f",
  "parameters/EventUuid.yaml": "d0f3f9647dace6e1fbc4c2dbf3a8320012f1d66d3a680b676e5eac98bc7c3041",
  "parameters/MunicipalityStatus.yaml": "59ee7030fec3f6927077380f1b7ae30088979b7e2b12bedd4db2c51969feab84",
  "parameters/MunicipalityUuid.yaml": "c739e991e243360ed400d9da0b322d5d32a5e0c4108202c7c6563ea3b41d88ff",
  "parameters/OfficialCode.yaml": "70e336001e4535a28a4025e53484794a67a1b6a5e94449ac53b31f44b270716c",
  "parameters/OfficialRole.yaml": "eec00816d827e3c4a21665e0f73b74bf2b885093b6faac216790502348ca3a9b",
  "parameters/Page.yaml": "8f431a2f2bdd0da473a8503274115adb9b37865d02aa144439d9138426f20370",
  "parameters/Q.yaml": "41050b680c90ac805775ac05f5a251c2b0321e3abc1e94d4293f27220a5d9924",
  "parameters/State.yaml": "a3ba7d5928f819eb905ebb809a3c92c4e934a36c72359ac20a25f1de4905384a",
  "parameters/WatchdogUuid.yaml": "87fead090597e7fe4d1cc05203c1b7df9cb6fabc981faf6420b77e98b5fda316",
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
  "responses/BadRequest.yaml": "c4b6a0aac3fe4925f1a81de7151e4a8ce13eb4e47102a09412a3593231700e25",
  "responses/CompanySearchPage.yaml": "af8fb044d562b82c20d614bbfc8f486f0be9f32bf24f64127798f77e55052611",
  "responses/Forbidden.yaml": "17ce0ee7d8ae742b3e7fa69fd7009ca6373070267d077636d0c2f4f19875d41f",
  "responses/MunicipalityPage.yaml": "42663566aa35add2def162d93ad92ebeaf2eb9849d90bc4e3d863693fe0ef59d",
  "responses/NotFound.yaml": "62f1cd31bbe549be55dfc883a88b26c083438ae7381d840fc62bbc79f2ee0bae",
  "responses/Unauthorized.yaml": "69764172649e96412b32e20b4a655fff6fb2d09052a68c3a79225ce2982645ce",
  "responses/WatchdogCreated.yaml": "98f2acd6a7f2d0709a3bc5f4da1280206678f61b65b5f2ea06e34106785c6c76",
  "responses/WatchdogOk.yaml": "b2116249d67ab09256981f17250f2006417b76a0d71ae092b459a497f41c4580",
  "schemas/CompanySearchRequest.yaml": "62992b0c87f176c3dc811087037ea4c966fb6f8a0a9b18c8374d9605d4684903",
  "schemas/CompanySearchResult.yaml": "e5d17f1747b8719cfd6137b0252ae59fa5204cffdbed542f0c6e91399eeedc16",
  "schemas/CompanyStatus.yaml": "cc74a87382dfa921b87bef4e5671781a429b5847e9ed971794d241b47d9e48a4",
  "schemas/Error.yaml": "f9ebf1bed14534a537b7c1dd8a17204d65af7a3db1be96510367908c6b1acdeb",
  "schemas/MonitoredCompany.yaml": "106815a82146fee89eb136c75b1c5b49c54c7fe10d343621e4dbd0650b7d5846",
  "schemas/MunicipalRole.yaml": "7f72e7f6d68297ca8e2092d19fc7cae9fe91d6d2d0687e7d87e04ee4de95938c",
  "schemas/Municipality.yaml": "1efdcf2ffd34f9be857df6dba637e094d1dcaa899e5e0a3cf337aaf281e245fe",
  "schemas/MunicipalityOfficial.yaml": "d73322bb9a1f81e360c0f6971f349e01ba1c271aaa4ff3852c256ccd7379595d",
  "schemas/PaginatedCompanySearchResultList.yaml": "dd4880f7549a783a1d7d07bfa5a37c754bde6154454a5bdfbc50809450ae9da7",
  "schemas/PaginatedMunicipalityList.yaml": "93d27c5db59d60347dc8b690f788556d1f9c3dc2188fdb8eb09d56048ade9016",
  "schemas/PatchedWatchdogRequest.yaml": "46515f6eafb224fae07a3fe7c80ea83d0b6cbd668454035654d7adb5fd24b3b4",
  "schemas/RelationshipType.yaml": "78b316791ab7653b9f9239b16463f606612e80f524c6098d24da07ea4b40066a",
  "schemas/VerificationStatus.yaml": "be6ea02bd029514602c68c940b5a9e645adc279c465a875ae41d74b334517d02",
  "schemas/Watchdog.yaml": "68b97e860300cce4c8c56f1f451a9ebffeb4f9787f310c11a86f919b3c86acf7",
  "schemas/WatchdogActivateRequest.yaml": "e2bc7547d51f05b65f0779bfa78159577f1be828c59aa90868f642b42242c5d7",
  "schemas/WatchdogRequest.yaml": "ec73cb45c9044faf6d05896a2525d014109a9a5a5ae14fa863c85c4e70ced490",
  "schemas/WatchdogSubscriptionRequest.yaml": "7a6575d9db3d2fd696ace7c691fe89f7e09b3fd5405083057e6fc27e319fa839"
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
